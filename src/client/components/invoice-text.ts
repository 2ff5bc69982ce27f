// Swedish texts of an invoice's lines and totals, shown alike to staff (admin invoice screens) and to
// the customer (/faktura/:token): the same words as the PDF.
export const invoicePartsText = {
  lines: "Fakturarader",
  quantityTimesPrice: (quantity: string, unit: string, price: string) => `${quantity} ${unit} × ${price}`,
  vat: (rate: number) => `moms ${rate} %`,
  labour: "arbete",
  discount: (percent: number) => `rabatt ${percent} %`,
  amountExclVat: "Belopp exkl. moms",
  net: "Summa exkl. moms",
  vatOn: (rate: number, net: string) => `Moms ${rate} % (på ${net})`,
  total: "Summa inkl. moms",
  labourBasis: "Arbetskostnad inkl. moms (underlag för rotavdrag)",
  rot: (rate: number | null) => (rate === null ? "Rotavdrag" : `Rotavdrag ${rate} %`),
  rounding: "Öresavrundning",
  toPay: "Att betala",
} as const;
