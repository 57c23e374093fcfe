/** Spec §2 and §8: the invoices list, the dashboard's Recent Invoices and the payments table with none. */
export const NO_INVOICES = "No invoices found";
