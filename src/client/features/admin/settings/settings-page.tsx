import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { Controller, useForm, type Control } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { Switch } from "@/client/components/ui/switch";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { AGREEMENT_UNANSWERED_RULES, REMINDER_DAY_OPTIONS, SIE_ACCOUNT_KEYS, SystemSettingsSchema, type SystemSettings } from "@/common/schemas/settings";
import { BackLink } from "@/client/components/back-link";
import { LoadFailed } from "../components/load-failed";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useSaveSettings, useSettings } from "./api/settings";
import { settingsPageText as text } from "./text";

type SwitchKey = "autoConfirmBookings" | "emailNotifications" | "sendCustomerConfirmation" | "sendTechnicianNotification" | "fSkatt";

/** A labelled on/off setting with its explanation. */
function SwitchField({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: Control<SystemSettings>;
  name: SwitchKey;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = `setting-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            disabled={disabled}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function SettingsForm({ initial }: { initial: SystemSettings }) {
  const save = useSaveSettings();
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<SystemSettings>({ defaultValues: initial, resolver: zodResolver(SystemSettingsSchema) });
  const emailOn = watch("emailNotifications");

  const onSubmit = (values: SystemSettings) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        toast({ title: text.toasts.saved, description: text.toasts.savedDescription });
      },
      onError: (error) => toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.saveFailed) }),
    });
  const onInvalid = () => toast({ variant: "destructive", title: text.toasts.invalidTitle, description: text.toasts.invalidDescription });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="grid gap-6">
      <Section title={text.company.title} description={text.company.description}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="setting-companyName"
            label={text.company.companyName}
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register("companyName")}
          />
          <TextField id="setting-orgNumber" label={text.company.orgNumber} inputMode="numeric" error={errors.orgNumber?.message} {...register("orgNumber")} />
          <TextField
            id="setting-companyPhone"
            type="tel"
            label={text.company.companyPhone}
            autoComplete="tel"
            error={errors.companyPhone?.message}
            {...register("companyPhone")}
          />
          <TextField
            id="setting-companyEmail"
            type="email"
            label={text.company.companyEmail}
            autoComplete="email"
            error={errors.companyEmail?.message}
            {...register("companyEmail")}
          />
        </div>
        <TextField
          id="setting-companyAddress"
          label={text.company.companyAddress}
          hint={text.company.companyAddressHint}
          autoComplete="street-address"
          error={errors.companyAddress?.message}
          {...register("companyAddress")}
        />
      </Section>

      <Section title={text.booking.title} description={text.booking.description}>
        <TextField
          id="setting-maxBookingsPerDay"
          type="number"
          min={1}
          max={50}
          inputMode="numeric"
          className="grid max-w-xs gap-1.5"
          label={text.booking.maxBookingsPerDay}
          hint={text.booking.maxBookingsPerDayHint}
          error={errors.maxBookingsPerDay?.message}
          {...register("maxBookingsPerDay", { valueAsNumber: true })}
        />
        <SwitchField control={control} name="autoConfirmBookings" label={text.booking.autoConfirmBookings} hint={text.booking.autoConfirmBookingsHint} />
        <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          <h3 className="font-medium text-slate-900">{text.booking.fixedRulesTitle}</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {text.booking.fixedRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={text.email.title} description={text.email.description}>
        <SwitchField control={control} name="emailNotifications" label={text.email.emailNotifications} hint={text.email.emailNotificationsHint} />
        <SwitchField control={control} name="sendCustomerConfirmation" label={text.email.sendCustomerConfirmation} disabled={!emailOn} />
        <SwitchField
          control={control}
          name="sendTechnicianNotification"
          label={text.email.sendTechnicianNotification}
          hint={text.email.sendTechnicianNotificationHint}
          disabled={!emailOn}
        />
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor="setting-reminderEmailDays">{text.email.reminderEmailDays}</Label>
          <Select
            id="setting-reminderEmailDays"
            disabled={!emailOn}
            aria-invalid={errors.reminderEmailDays ? true : undefined}
            aria-describedby={errors.reminderEmailDays ? "setting-reminderEmailDays-error" : undefined}
            {...register("reminderEmailDays", { valueAsNumber: true })}
          >
            {REMINDER_DAY_OPTIONS.map((days) => (
              <option key={days} value={days}>
                {text.email.reminderOption(days)}
              </option>
            ))}
          </Select>
          <FieldError id="setting-reminderEmailDays-error">{errors.reminderEmailDays?.message}</FieldError>
        </div>
      </Section>

      <Section title={text.hours.title} description={text.hours.description}>
        <div className="grid grid-cols-2 gap-4">
          <TextField id="setting-workdayStart" type="time" label={text.hours.workdayStart} error={errors.workdayStart?.message} {...register("workdayStart")} />
          <TextField id="setting-workdayEnd" type="time" label={text.hours.workdayEnd} error={errors.workdayEnd?.message} {...register("workdayEnd")} />
          <TextField
            id="setting-lunchBreakStart"
            type="time"
            label={text.hours.lunchBreakStart}
            error={errors.lunchBreakStart?.message}
            {...register("lunchBreakStart")}
          />
          <TextField
            id="setting-lunchBreakEnd"
            type="time"
            label={text.hours.lunchBreakEnd}
            error={errors.lunchBreakEnd?.message}
            {...register("lunchBreakEnd")}
          />
        </div>
      </Section>

      <Section title={text.invoicing.title} description={text.invoicing.description}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="setting-vatNumber"
            label={text.invoicing.vatNumber}
            hint={text.invoicing.vatNumberHint}
            autoComplete="off"
            autoCapitalize="characters"
            error={errors.vatNumber?.message}
            {...register("vatNumber")}
          />
          <TextField
            id="setting-bankgiro"
            label={text.invoicing.bankgiro}
            hint={text.invoicing.bankgiroHint}
            inputMode="numeric"
            autoComplete="off"
            error={errors.bankgiro?.message}
            {...register("bankgiro")}
          />
          <TextField
            id="setting-paymentTermsDays"
            type="number"
            min={0}
            max={90}
            inputMode="numeric"
            label={text.invoicing.paymentTermsDays}
            hint={text.invoicing.paymentTermsDaysHint}
            error={errors.paymentTermsDays?.message}
            {...register("paymentTermsDays", { valueAsNumber: true })}
          />
          <TextField
            id="setting-paymentReminderDays"
            type="number"
            min={0}
            max={60}
            inputMode="numeric"
            label={text.invoicing.paymentReminderDays}
            hint={text.invoicing.paymentReminderDaysHint}
            error={errors.paymentReminderDays?.message}
            {...register("paymentReminderDays", { valueAsNumber: true })}
          />
          <TextField
            id="setting-invoiceNumberStart"
            type="number"
            min={1}
            max={99_999_999}
            inputMode="numeric"
            label={text.invoicing.invoiceNumberStart}
            hint={text.invoicing.invoiceNumberStartHint}
            error={errors.invoiceNumberStart?.message}
            {...register("invoiceNumberStart", { valueAsNumber: true })}
          />
        </div>
        <SwitchField control={control} name="fSkatt" label={text.invoicing.fSkatt} hint={text.invoicing.fSkattHint} />
      </Section>

      <Section title={text.agreements.title} description={text.agreements.description}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="setting-agreementUnanswered">{text.agreements.unanswered}</Label>
            <Select
              id="setting-agreementUnanswered"
              aria-invalid={errors.agreementUnanswered ? true : undefined}
              aria-describedby={errors.agreementUnanswered ? "setting-agreementUnanswered-error" : undefined}
              {...register("agreementUnanswered")}
            >
              {AGREEMENT_UNANSWERED_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {text.agreements.unansweredOption[rule]}
                </option>
              ))}
            </Select>
            <FieldError id="setting-agreementUnanswered-error">{errors.agreementUnanswered?.message}</FieldError>
          </div>
          <TextField
            id="setting-agreementAnswerDays"
            type="number"
            min={1}
            max={30}
            inputMode="numeric"
            label={text.agreements.answerDays}
            hint={text.agreements.answerDaysHint}
            error={errors.agreementAnswerDays?.message}
            {...register("agreementAnswerDays", { valueAsNumber: true })}
          />
        </div>
      </Section>

      <Section title={text.sie.title} description={text.sie.description}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {SIE_ACCOUNT_KEYS.map((key) => (
            <TextField
              key={key}
              id={`setting-sie-${key}`}
              // Labels of one or two lines: the inputs of a row line up at the bottom.
              className="grid content-end gap-1.5"
              label={text.sie.accounts[key]}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              error={errors.sieAccounts?.[key]?.message}
              {...register(`sieAccounts.${key}`)}
            />
          ))}
        </div>
      </Section>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}

/** /admin/settings (rules §2 System settings; rules D11: stored, and in effect at once). */
export default function SettingsPage() {
  useDocumentTitle(text.title);
  const settings = useSettings();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <BackLink to="/admin?tab=settings">{text.back}</BackLink>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
        <p className="mt-1 text-slate-600">{text.intro}</p>
      </div>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </div>
  );
}
