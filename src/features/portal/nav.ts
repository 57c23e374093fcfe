import type { ComponentType } from "react";
import type { IconType } from "react-icons";
import {
  LuBriefcase,
  LuCalendarCheck,
  LuChartColumn,
  LuCreditCard,
  LuFileText,
  LuFolderKanban,
  LuHistory,
  LuInbox,
  LuLayoutDashboard,
  LuListChecks,
  LuMail,
  LuRepeat,
  LuSettings,
  LuShoppingCart,
  LuUserCog,
  LuUsers,
} from "react-icons/lu";
import type { Profile } from "../../../common/api";
import { PendingBookingsBadge } from "../catalogue/PendingBookingsBadge";
import { UnreadMessagesBadge } from "../projects/UnreadMessagesBadge";

/** A live count beside a link's label (read as part of the link's name); renders nothing when there is none. */
export type NavBadge = ComponentType<{ collapsed: boolean }>;
export type NavItem = {
  label: string;
  to: string;
  icon: IconType;
  exact?: boolean;
  badge?: NavBadge;
  /** Pages outside `to` that belong to this item, marking it as where the reader is (with what is below them). */
  also?: string[];
};

/** Whether `pathname` is one of the item's `also` pages, or below one. */
export const withinAlso = (item: NavItem, pathname: string) =>
  item.also?.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? false;

/** Spec §2 "Portal shell": the two sidebars, labels and paths exactly as listed. */
export const clientNav: NavItem[] = [
  { label: "Dashboard", to: "/portal", icon: LuLayoutDashboard, exact: true },
  { label: "Order Services", to: "/portal/order-services", icon: LuShoppingCart },
  { label: "Projects", to: "/portal/projects", icon: LuFolderKanban, badge: UnreadMessagesBadge },
  { label: "My Tasks", to: "/portal/my-tasks", icon: LuListChecks },
  { label: "Invoices", to: "/portal/invoices", icon: LuFileText },
  { label: "Settings", to: "/portal/settings", icon: LuSettings },
];

export const adminNav: NavItem[] = [
  { label: "Dashboard", to: "/portal/admin", icon: LuLayoutDashboard, exact: true },
  // The developers' table and pages, reached from the dashboard's quick actions, are part of the staff.
  { label: "Staff", to: "/portal/admin/staff", icon: LuUserCog, also: ["/portal/admin/developers"] },
  { label: "Clients", to: "/portal/admin/clients", icon: LuUsers },
  {
    label: "Projects",
    to: "/portal/projects",
    icon: LuFolderKanban,
    badge: UnreadMessagesBadge,
    also: ["/portal/admin/projects"],
  },
  { label: "Tasks", to: "/portal/admin/tasks", icon: LuListChecks },
  { label: "Payments", to: "/portal/admin/payments", icon: LuCreditCard },
  { label: "Services", to: "/portal/admin/services", icon: LuBriefcase },
  { label: "Bookings", to: "/portal/admin/bookings", icon: LuCalendarCheck, badge: PendingBookingsBadge },
  // Issue #7: the contact form's submissions.
  { label: "Enquiries", to: "/portal/admin/enquiries", icon: LuInbox },
  { label: "Invoices", to: "/portal/invoices", icon: LuFileText, also: ["/portal/admin/invoices"] },
  // Plan management opens from Subscriptions' Manage plans.
  { label: "Subscriptions", to: "/portal/admin/subscriptions", icon: LuRepeat, also: ["/portal/admin/plans"] },
  { label: "Analytics", to: "/portal/admin/analytics", icon: LuChartColumn },
  // Not in the spec's list: where administrators read mail while no SMTP server is set.
  { label: "Mail Outbox", to: "/portal/admin/outbox", icon: LuMail },
  // Issue #7: every administrator change, read-only.
  { label: "Audit log", to: "/portal/admin/audit", icon: LuHistory },
  { label: "Settings", to: "/portal/settings", icon: LuSettings },
];

/** Developers work on assigned projects and their tasks; they order nothing and get no invoices. */
export const developerNav: NavItem[] = [
  { label: "Dashboard", to: "/portal", icon: LuLayoutDashboard, exact: true },
  { label: "Projects", to: "/portal/projects", icon: LuFolderKanban, badge: UnreadMessagesBadge },
  { label: "My Tasks", to: "/portal/my-tasks", icon: LuListChecks },
  { label: "Settings", to: "/portal/settings", icon: LuSettings },
];

const NAV: Record<Profile["role"], NavItem[]> = { admin: adminNav, developer: developerNav, client: clientNav };

export function navFor(role: Profile["role"]): NavItem[] {
  return NAV[role];
}
