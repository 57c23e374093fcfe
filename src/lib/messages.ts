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
  /** Not in spec §8 (issue #8's project files): worded like the spec's other toasts. */
  fileUploaded: "File uploaded",
  fileUploadFailed: "Failed to upload file",
  /** A file given while another is still uploading (one upload at a time, each with its progress). */
  uploadUnderWay: "A file is still uploading. Add the next one when it has finished.",
  fileDeleted: "File deleted successfully",
  fileDeleteFailed: "Failed to delete file",
  moreFilesFailed: "Failed to load more files",
  moreProjectsFailed: "Failed to load more projects",
  moreTasksFailed: "Failed to load more tasks",
  moreInvoicesFailed: "Failed to load more invoices",
  moreOrdersFailed: "Failed to load more orders",
  moreServicesFailed: "Failed to load more services",
  moreMailFailed: "Failed to load more mail",
  olderMessagesFailed: "Failed to load older messages",
  milestoneCreated: "Milestone created",
  milestoneCreateFailed: "Failed to create milestone.",
  /** Not in spec §8 (an administrator deletes a milestone added by mistake): worded like its other deletes. */
  milestoneDeleted: "Milestone deleted successfully",
  milestoneDeleteFailed: "Failed to delete milestone",
  /** Not in spec §8 (an administrator deletes a project created by mistake): worded like its other deletes. */
  projectDeleted: "Project deleted successfully",
  projectDeleteFailed: "Failed to delete project",
  paymentConfirmed: "Payment confirmed",
  paymentFailed: "Failed to update payment status.",
  statusUpdated: "Status updated",
  milestoneStatusFailed: "Failed to update milestone status.",
  /** Not in spec §8 (the bell's marks, which had no failure of their own): worded like the spec's other failures. */
  notificationReadFailed: "Failed to mark the notification as read",
  notificationsReadFailed: "Failed to mark notifications as read",
  profileUpdated: "Profile updated successfully!",
  /** Not in spec §8 (issue #8's e-mail notifications): worded like the spec's other toasts. */
  mailPreferencesSaved: "E-mail preferences saved",
  mailPreferencesFailed: "Failed to save e-mail preferences. Please try again.",
  profileFailed: "Failed to update profile. Please try again.",
  /** Not in spec §8 (Settings' signed-in devices): worded like the spec's other toasts. */
  deviceSignedOut: "Device signed out",
  deviceSignOutFailed: "Failed to sign out the device",
  otherDevicesSignedOut: "Signed out of every other device",
  otherDevicesSignOutFailed: "Failed to sign out of other devices",
  signOutFailed: "Failed to sign out. Please try again.",
  orderSubmitted: "Order Submitted",
  orderSubmittedText: "Your service order has been submitted. Our team will contact you soon.",
  orderFailed: "Failed to submit order",
  /** Not in spec §8 (a client takes back a pending order): worded like its other toasts. */
  orderCancelled: "Order cancelled",
  orderCancelFailed: "Failed to cancel order",
  servicesFailed: "Failed to fetch services",
  clientsLoadFailed: "Failed to load clients",
  clientDeleted: "Client deleted successfully",
  clientDeleteFailed: "Failed to delete client",
  /** Not in spec §8 (issue #7's deactivation): worded like the spec's other successes and failures. */
  clientDeactivated: "Client deactivated: their projects, invoices and messages are kept",
  clientReactivated: "Client reactivated",
  /** Not in spec §8 (an administrator's correction of a client's profile): worded like the project edit's toasts. */
  clientUpdated: "Client updated successfully",
  clientUpdateFailed: "Failed to update client",
  clientReactivateFailed: "Failed to reactivate client",
  clientsExportFailed: "Failed to export clients. Please try again.",
  developersLoadFailed: "Failed to load developers",
  developerDeleted: "Developer deleted successfully",
  developerDeleteFailed: "Failed to delete developer",
  /** Not in spec §8 (issue #7's deactivation and new accounts): worded like the spec's other toasts. */
  developerDeactivated: "Developer deactivated: their projects, tasks and messages are kept",
  developerReactivated: "Developer reactivated",
  developerReactivateFailed: "Failed to reactivate developer",
  accountInvited: "Account created: an invitation to set a password was e-mailed",
  /** Not in spec §8 (an invitation that expired or went astray): worded like the new account's toast. */
  invitationResent: "Invitation sent again",
  invitationResendFailed: "Failed to resend the invitation",
  /** Not in spec §8 (an administrator ending someone's sessions): worded like Settings' own. */
  signedOutEverywhere: "Signed out of every device",
  signOutEverywhereFailed: "Failed to sign them out",
  staffRemoved: "Staff member removed successfully",
  staffDeactivated: "Staff member deactivated: their projects, tasks and messages are kept",
  /** Not in spec §8 (a deactivated staff member let back in): worded like the clients' and developers'. */
  staffReactivated: "Staff member reactivated",
  staffReactivateFailed: "Failed to reactivate staff member",
  staffUpdated: "Staff member updated",
  staffInvited: "Invitation sent",
  /** Not in spec §8 (its Download has no behaviour shown): worded like the spec's other failures. */
  invoiceDownloadFailed: "Failed to download invoice. Please try again.",
  /** Not in spec §8 (issue #7's project and invoice forms): worded like the spec's other successes and failures. */
  projectCreated: "Project created successfully",
  projectCreateFailed: "Failed to create project",
  projectUpdated: "Project updated successfully",
  projectUpdateFailed: "Failed to update project",
  invoiceCreated: "Invoice created successfully",
  /** Not in spec §8 (a correction of an unpaid invoice): worded like the project edit's toasts. */
  invoiceUpdated: "Invoice updated successfully",
  invoiceUpdateFailed: "Failed to update invoice",
  /** Not in spec §8 (an unpaid invoice issued by mistake): worded like the milestone deletion's toasts. */
  invoiceDeleted: "Invoice deleted successfully",
  invoiceDeleteFailed: "Failed to delete invoice",
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  /** Not in spec §8 (issue #7: a service with orders is deactivated): worded like the spec's other successes. */
  serviceDeactivated: "Service deactivated: it has orders, which are kept, and clients no longer see it",
  serviceSaveFailed: "Failed to save service",
  serviceDeleteFailed: "Failed to delete service",
  bookingApproved: "Booking approved",
  bookingCancelled: "Booking cancelled",
  /** Not in spec §8 (an approved booking is a subscription until an administrator ends it): worded like its neighbours. */
  subscriptionEnded: "Subscription ended",
  subscriptionsLoadFailed: "Failed to load subscriptions",
  taskCreated: "Task created successfully",
  taskCreateFailed: "Failed to create task",
  taskDeleted: "Task deleted successfully",
  taskDeleteFailed: "Failed to delete task",
  /** Not in spec §8 (issue #7's task edit): worded like the create toasts. */
  taskUpdated: "Task updated successfully",
  taskUpdateFailed: "Failed to update task",
  /** Not in spec §8 (issue #7's enquiries and audit log): worded like the spec's other toasts. */
  enquiryStatusUpdated: "Enquiry status updated",
  enquiryStatusFailed: "Failed to update enquiry status",
  enquiriesLoadFailed: "Failed to load enquiries",
  auditLoadFailed: "Failed to load the audit log",
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
