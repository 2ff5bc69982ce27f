import { formatDayMonthYear, formatMonthList } from "@/client/lib/format-date";
import { visitMonths } from "@/common/agreements/terms";
import { formatKronor, formatOre } from "@/common/invoicing/money";
import type { CustomerAgreement } from "@/common/schemas/agreements";
import { agreementLinkText } from "../text";
import { Row, Section } from "@/client/components/link-page-section";

const text = agreementLinkText.terms;

/** '2 400 kr' for whole kronor, '2 400,50 kr' otherwise. */
const priceText = (ore: number) => (ore % 100 === 0 ? formatKronor(ore) : formatOre(ore));

/** How long the agreement runs, as the customer reads it. */
export function durationText(agreement: Pick<CustomerAgreement, "autoRenew" | "endsOn">): string {
  if (agreement.endsOn) return text.until(formatDayMonthYear(agreement.endsOn));
  return agreement.autoRenew ? text.autoRenew : text.oneYear;
}

/** The terms in plain Swedish: the heat pump, from when, the price, the visits, the repair discount and how long it runs. */
export function AgreementTerms({ agreement }: { agreement: CustomerAgreement }) {
  const months = formatMonthList(visitMonths(agreement.visitMonth, agreement.visitsPerYear));
  return (
    <Section id="agreement-terms-heading" title={text.heading}>
      <dl className="grid gap-2">
        <Row label={text.product}>{agreement.productLabel}</Row>
        <Row label={text.startDate}>{formatDayMonthYear(agreement.startDate)}</Row>
        <Row label={text.yearlyPrice}>
          <span className="font-semibold tabular-nums">{text.perYear(priceText(agreement.yearlyPriceOre))}</span>
        </Row>
        <Row label={text.visits}>{text.visitsText(agreement.visitsPerYear, months)}</Row>
        <Row label={text.repairDiscount}>
          {agreement.repairDiscountPercent > 0 ? text.repairDiscountText(agreement.repairDiscountPercent) : text.noRepairDiscount}
        </Row>
        <Row label={text.duration}>{durationText(agreement)}</Row>
      </dl>
    </Section>
  );
}
