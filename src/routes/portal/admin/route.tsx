import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/** Admin-only branch (spec §6): anyone else is sent to their own dashboard. */
export const Route = createFileRoute("/portal/admin")({
  beforeLoad: ({ context }) => {
    if (context.me.role !== "admin") throw redirect({ to: "/portal", replace: true });
  },
  component: Outlet,
});
