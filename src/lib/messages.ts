/**
 * Every toast the portal shows, word for word from spec §8, in one place so
 * tests can assert them. Errors are titled "Error" with the text as their
 * description; successes are titled with the text.
 */
export const TOAST = {
  error: "Error",
  taskStatusUpdated: "Task status updated",
  taskStatusFailed: "Failed to update task status",
  messageSent: "Message sent",
  messageFailed: "Failed to send message. Please try again.",
  milestoneCreated: "Milestone created",
  milestoneCreateFailed: "Failed to create milestone.",
  paymentConfirmed: "Payment confirmed",
  paymentFailed: "Failed to update payment status.",
  statusUpdated: "Status updated",
  milestoneStatusFailed: "Failed to update milestone status.",
  profileUpdated: "Profile updated successfully!",
  profileFailed: "Failed to update profile. Please try again.",
  orderSubmitted: "Order Submitted",
  orderSubmittedText: "Your service order has been submitted. Our team will contact you soon.",
  orderFailed: "Failed to submit order",
  servicesFailed: "Failed to fetch services",
  clientsLoadFailed: "Failed to load clients",
  clientDeleted: "Client deleted successfully",
  clientDeleteFailed: "Failed to delete client",
  /** Not in spec §8 (issue #7's deactivation): worded like the spec's other successes and failures. */
  clientDeactivated: "Client deactivated: their projects, invoices and messages are kept",
  clientReactivated: "Client reactivated",
  clientReactivateFailed: "Failed to reactivate client",
  clientsExportFailed: "Failed to export clients. Please try again.",
  /** Not in spec §8 (its Download has no behaviour shown): worded like the spec's other failures. */
  invoiceDownloadFailed: "Failed to download invoice. Please try again.",
  /** Plan management (issue #7 item 10): not in spec §8, worded like its service toasts. */
  plansLoadFailed: "Failed to load plans",
  planCreated: "Plan created successfully",
  planUpdated: "Plan updated successfully",
  planDeleted: "Plan deleted successfully",
  planHidden: "Plan hidden from the public site",
  planShown: "Plan shown on the public site",
  planSaveFailed: "Failed to save plan",
  planDeleteFailed: "Failed to delete plan",
  planUpdateFailed: "Failed to update plan",
} as const;
