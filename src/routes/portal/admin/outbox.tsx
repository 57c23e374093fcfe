import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/PageHeader";
import { OutboxList } from "../../../features/outbox/OutboxList";

export const Route = createFileRoute("/portal/admin/outbox")({
  component: () => (
    <>
      <PageHeader title="Mail Outbox" description="Mail the product sent while no SMTP server is configured." />
      <OutboxList />
    </>
  ),
});
