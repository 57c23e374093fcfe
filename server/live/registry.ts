import {
  adminAnalyticsInvoicesLive,
  adminAnalyticsOrdersLive,
  adminAnalyticsPeopleLive,
  adminAnalyticsProjectsLive,
  adminAnalyticsTasksLive,
} from "../data/admin-analytics";
import {
  adminDashboardEnquiriesLive,
  adminDashboardInvoicesLive,
  adminDashboardOrdersLive,
  adminDashboardPeopleLive,
  adminDashboardProjectsLive,
  adminDashboardServicesLive,
} from "../data/admin-dashboard";
import { adminBookingsLive, adminBookingsPeopleLive, adminBookingsServicesLive } from "../data/bookings";
import { dashboardInvoicesLive, dashboardProjectsLive, dashboardTasksLive } from "../data/dashboard";
import { enquiriesLive } from "../data/enquiries";
import { filesLive } from "../data/files";
import { invoicesLive, invoicesPeopleLive, invoicesProjectsLive } from "../data/invoices";
import { milestonesLive } from "../data/milestones";
import {
  notificationsInvoicesLive,
  notificationsLive,
  notificationsProjectsLive,
  notificationsTasksLive,
} from "../data/notifications";
import { ordersLive, ordersServicesLive } from "../data/orders";
import { adminPeopleLive } from "../data/people";
import { adminPlansLive } from "../data/plans";
import {
  projectDetailLive,
  projectMessagesLive,
  projectPresenceLive,
  projectsListLive,
  projectsOfClientLive,
} from "../data/projects";
import { adminServicesLive, servicesLive } from "../data/services";
import { tasksLive, tasksPeopleLive, tasksProjectsLive } from "../data/tasks";
import { unreadMessagesLive, unreadProjectsLive, unreadReadsLive } from "../data/unread";
import type { Db } from "../db";
import type { Change, Topic } from "../functions/changes";
import type { Actor } from "../rules";
import type { Delivery, LiveCollection, LiveKey } from "./collection";

/** Every live collection. Adding one: declare it next to its reads, then list it here. */
const collections: LiveCollection[] = [
  projectMessagesLive,
  projectPresenceLive,
  milestonesLive,
  tasksLive,
  tasksProjectsLive,
  tasksPeopleLive,
  servicesLive,
  adminServicesLive,
  adminPlansLive,
  ordersLive,
  ordersServicesLive,
  invoicesLive,
  invoicesProjectsLive,
  invoicesPeopleLive,
  dashboardTasksLive,
  dashboardProjectsLive,
  dashboardInvoicesLive,
  adminDashboardOrdersLive,
  adminDashboardInvoicesLive,
  adminDashboardProjectsLive,
  adminDashboardPeopleLive,
  adminDashboardServicesLive,
  unreadMessagesLive,
  unreadReadsLive,
  unreadProjectsLive,
  projectsListLive,
  projectDetailLive,
  projectsOfClientLive,
  adminBookingsLive,
  adminBookingsServicesLive,
  adminBookingsPeopleLive,
  adminDashboardEnquiriesLive,
  enquiriesLive,
  adminAnalyticsProjectsLive,
  adminAnalyticsTasksLive,
  adminAnalyticsInvoicesLive,
  adminAnalyticsOrdersLive,
  adminAnalyticsPeopleLive,
  adminPeopleLive,
  notificationsLive,
  notificationsTasksLive,
  notificationsProjectsLive,
  notificationsInvoicesLive,
  filesLive,
] as LiveCollection[];

/** A topic's changes may touch several collections' keys (a list and a dashboard's counters). */
const byTopic = new Map<Topic, LiveCollection[]>();
for (const collection of collections)
  byTopic.set(collection.topic, [...(byTopic.get(collection.topic) ?? []), collection]);

/** True when the key names a live query the actor may read now; false when denied or unknown. */
export async function authorizeKey(db: Db, actor: Actor, key: LiveKey): Promise<boolean> {
  for (const collection of collections) {
    const verdict = await collection.authorize(db, actor, key);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

export async function resolveChange(db: Db, change: Change): Promise<Delivery[]> {
  const resolved = await Promise.all(
    (byTopic.get(change.topic) ?? []).map((collection) => collection.resolve(db, change as never)),
  );
  return resolved.flat();
}
