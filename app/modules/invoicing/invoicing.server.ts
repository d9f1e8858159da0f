// The invoicing module's public entry (issue 31, decision 0081): each use case lives in its own file.
export { invoicingProfileFor, saveInvoicingProfile, type InvoicingProfileView, type SaveProfileResult } from "./invoicing-profile.server";
export { INVOICE_PAYMENT_DAYS, type IssueHooks } from "./invoice-numbering.server";
export { issueInvoice, type IssueResult } from "./issue-invoice.server";
export { issueCreditNote, type CreditNoteResult } from "./issue-credit-note.server";
export { invoiceDocument, type InvoiceDocumentResult } from "./invoice-document.server";
export { adminInvoices, adminInvoicesCsv, caseInvoicesFor, type CaseInvoicesPanel, type InvoiceListItem } from "./invoice-lists.server";
