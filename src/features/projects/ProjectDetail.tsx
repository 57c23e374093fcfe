import { Button, Card, Heading, HStack, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Suspense, useEffect } from "react";
import { LuArrowLeft, LuListChecks } from "react-icons/lu";
import { formatDay } from "../../../common/format";
import { clientNameOf } from "../../../common/text";
import { InfoList } from "../../components/InfoList";
import { ApiError } from "../../lib/api";
import { lazyComponent } from "../../lib/lazy";
import { useLiveRefetch } from "../../lib/live";
import { usePageTitle } from "../../lib/page-title";
import { useMe } from "../../lib/session";
import { ClientLink } from "../admin/PersonLink";
import { projectKey, projectQuery } from "./api";
import { FilesPanel } from "./FilesPanel";
import { clientLabel } from "./format";
import { PROJECT_NOT_FOUND, PROJECT_NOT_FOUND_TEXT } from "./labels";
import { MessagesPanel } from "./MessagesPanel";
import { MilestonesPanel } from "./MilestonesPanel";
import { DeleteProjectTrigger, EditProjectTrigger } from "./ProjectAdminTriggers";
import { ProjectProgress } from "./ProjectProgress";
import { ProjectStatusBadge } from "./ProjectStatusBadge";
import { PresenceList, usePresence } from "./presence";

/** How long the "not found" notice stays up before we take the user back to the list. */
const NOT_FOUND_REDIRECT_MS = 2500;

/** Administrators only (issue #7): loaded when an administrator opens a project, never for clients. */
const EditProjectDialog = lazyComponent(() => import("./EditProjectDialog"));
const DeleteProjectButton = lazyComponent(() => import("./DeleteProjectButton"));

function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="start" ms="-2">
      <Link to="/portal/projects">
        <LuArrowLeft aria-hidden="true" />
        Back to Projects
      </Link>
    </Button>
  );
}

export function ProjectDetail({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const project = useQuery(projectQuery(projectId));
  // Edited or deleted by an administrator, or this person taken off it: refetched (a 404 is "Project not found").
  useLiveRefetch(projectKey(projectId));
  const { data: me } = useMe();
  // Being on the page is being present: subscribed from the first render, gone with the page. Until the
  // channel's first list (and on the server, which renders the page), the person sees themselves: the row
  // is there from the start, and others' arrival does not push the page down under their pointer.
  const pushed = usePresence(projectId);
  const viewers = pushed ?? (me ? [{ userId: me.id, name: me.fullName, typing: false }] : undefined);
  const isAdmin = me?.role === "admin";
  // Spec §8: a project that cannot be loaded (missing, or not yours) sends the user back to the list. One
  // shown already stays through a live refetch that fails for another reason (the server unreachable).
  const notFound =
    project.isError &&
    (project.data === undefined || (project.error instanceof ApiError && project.error.status === 404));
  usePageTitle(notFound ? PROJECT_NOT_FOUND : project.data?.title);

  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(() => navigate({ to: "/portal/projects", replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [notFound, navigate]);

  if (project.isPending) {
    return (
      <Stack gap="6" aria-busy="true">
        <BackButton />
        <Text role="status" srOnly>
          Loading project
        </Text>
        <Skeleton height="8" width="50%" />
        <SkeletonText noOfLines={3} />
        <Skeleton height="40" />
      </Stack>
    );
  }

  if (notFound || !project.data) {
    return (
      <Stack gap="4" align="start" role="alert">
        <BackButton />
        <Heading as="h1" size="2xl">
          {PROJECT_NOT_FOUND}
        </Heading>
        <Text color="fg.muted">{PROJECT_NOT_FOUND_TEXT}</Text>
        <Text color="fg.muted" fontSize="sm">
          Taking you back to your projects…
        </Text>
      </Stack>
    );
  }

  const p = project.data;
  return (
    <Stack gap="6">
      <BackButton />
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl">
            {p.title}
          </Heading>
          <ProjectStatusBadge status={p.status} />
          {isAdmin && (
            <Suspense
              fallback={
                <>
                  <EditProjectTrigger disabled />
                  <DeleteProjectTrigger disabled />
                </>
              }
            >
              <EditProjectDialog projectId={p.id} />
              <DeleteProjectButton projectId={p.id} title={p.title} />
            </Suspense>
          )}
          {isAdmin && (
            <Button asChild size="sm" variant="outline">
              <Link to="/portal/admin/tasks" search={{ project: p.id }}>
                <LuListChecks aria-hidden="true" />
                View tasks
              </Link>
            </Button>
          )}
        </HStack>
        <Text color="fg.muted" whiteSpace="pre-wrap">
          {p.description}
        </Text>
        <PresenceList viewers={viewers} meId={me?.id} />
      </Stack>

      <Card.Root>
        <Card.Body gap="5">
          <ProjectProgress value={p.progress} title={p.title} />
          <InfoList
            items={[
              ...(p.startDate ? [{ label: "Start date", value: formatDay(p.startDate) }] : []),
              ...(p.endDate ? [{ label: "End date", value: formatDay(p.endDate) }] : []),
              {
                label: "Client",
                // An administrator opens the client's page from here.
                value: isAdmin ? (
                  <>
                    <ClientLink id={p.clientId} name={clientNameOf(p)} />
                    {p.clientCompany && ` · ${p.clientCompany}`}
                  </>
                ) : (
                  clientLabel(p)
                ),
              },
            ]}
          />
        </Card.Body>
      </Card.Root>

      <MilestonesPanel projectId={p.id} />
      <FilesPanel projectId={p.id} />
      <MessagesPanel projectId={p.id} viewers={viewers} />
    </Stack>
  );
}
