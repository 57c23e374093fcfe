import { Button, Card, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, VisuallyHidden } from "@chakra-ui/react";
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { LuFolderOpen } from "react-icons/lu";
import type { Page, Project } from "../../../common/api";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "../../../common/domain";
import { ContactUsButton } from "../../components/ContactUsButton";
import { EmptyList } from "../../components/EmptyList";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { SearchBox } from "../../components/SearchBox";
import { NoneOfStatus, ShowSelect } from "../../components/ShowSelect";
import { useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { projectsListKey, projectsQuery } from "./api";
import {
  NO_PROJECTS,
  NO_PROJECTS_OF_STATUS,
  NO_PROJECTS_TEXT,
  noProjectsMatch,
  noProjectsOfStatusText,
} from "./labels";
import { ProjectCard } from "./ProjectCard";

const columns = { base: 1, md: 2, xl: 3 };

/**
 * The list is live (server/data/projects.ts projectsListLive): a project
 * created, edited, or given to or taken from the viewer refetches the pages
 * loaded (of every status shown), so it shows where it belongs.
 */
function useLiveProjectsList() {
  useLiveRefetch(projectsListKey);
}

/**
 * The projects' cards, newest first, with Show to narrow them to one status (kept in the URL): an
 * administrator's list holds every client's projects. Searched, the cards are in title order.
 */
export function ProjectsList({
  status,
  onStatusChange,
  search,
}: {
  status: ProjectStatus | undefined;
  onStatusChange: (status: ProjectStatus | undefined) => void;
  /** The search by the start of a title (kept in the URL), where the reader's list may be long. */
  search?: { value: string | undefined; onChange: (q: string) => void } | undefined;
}) {
  useLiveProjectsList();
  const q = search?.value;
  const list = useInfiniteQuery(projectsQuery(status, q));
  const projects = list.data?.pages.flatMap((page) => page.items);
  const showSelect = useRef<HTMLSelectElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="6">
      <HStack gap="4" align="end" wrap="wrap">
        <ShowSelect
          value={status}
          onChange={onStatusChange}
          allLabel="All projects"
          statuses={PROJECT_STATUSES}
          labels={PROJECT_STATUS_LABELS}
          noun={PROJECT_NOUN}
          shown={projects && { count: projects.length, more: list.hasNextPage }}
          search={q}
          selectRef={showSelect}
        />
        {search && (
          <SearchBox
            label="Search projects by the start of their title"
            placeholder="Project title"
            value={q ?? ""}
            onSearch={search.onChange}
            inputRef={searchBox}
          />
        )}
      </HStack>
      <ProjectCards
        list={list}
        projects={projects ?? []}
        status={status}
        q={q}
        onClearSearch={() => {
          // The button leaves with the empty state: the focus goes back to the search it cleared.
          search?.onChange("");
          searchBox.current?.focus();
        }}
        onShowAll={() => {
          onStatusChange(undefined);
          showSelect.current?.focus();
        }}
      />
    </Stack>
  );
}

const PROJECT_NOUN = { one: "project", many: "projects" };

function ProjectCards({
  list,
  projects,
  status,
  q,
  onClearSearch,
  onShowAll,
}: {
  list: UseInfiniteQueryResult<InfiniteData<Page<Project>>>;
  /** The loaded pages' projects, in order. */
  projects: Project[];
  status: ProjectStatus | undefined;
  q: string | undefined;
  onClearSearch: () => void;
  onShowAll: () => void;
}) {
  const { isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = list;
  const { data: me } = useMe();

  if (isPending) {
    return (
      <SimpleGrid columns={columns} gap="6" aria-busy="true">
        <VisuallyHidden role="status">Loading projects</VisuallyHidden>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card.Root key={i} aria-hidden="true" data-testid="project-skeleton">
            <Card.Body gap="4">
              <Skeleton height="6" width="60%" />
              <SkeletonText noOfLines={2} />
              <Skeleton height="2" />
              <SkeletonText noOfLines={3} />
              <Skeleton height="10" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    );
  }

  // Spec §8: a failed list load is logged and the list shows as empty. A failed "Load more" says so
  // in a toast (LoadMoreButton) and keeps the pages already shown.
  if (projects.length === 0 && q) {
    return (
      <EmptyList
        icon={LuFolderOpen}
        headingLevel="h2"
        title={noProjectsMatch(q)}
        description={status ? "Try another title, or show every status." : "Try the start of another title."}
        action={
          <Button variant="outline" onClick={onClearSearch}>
            Clear search
          </Button>
        }
      />
    );
  }
  if (projects.length === 0 && status) {
    return (
      <NoneOfStatus
        icon={LuFolderOpen}
        title={NO_PROJECTS_OF_STATUS}
        description={noProjectsOfStatusText(PROJECT_STATUS_LABELS[status])}
        showAllLabel="Show all projects"
        onShowAll={onShowAll}
      />
    );
  }
  if (projects.length === 0) {
    const role = me?.role ?? "client";
    return (
      <EmptyList
        icon={LuFolderOpen}
        headingLevel="h2"
        title={NO_PROJECTS}
        description={NO_PROJECTS_TEXT[role]}
        action={role === "client" && <ContactUsButton />}
      />
    );
  }

  return (
    <Stack gap="6">
      <SimpleGrid as="ul" columns={columns} gap="6" listStyleType="none" aria-label="Projects">
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </SimpleGrid>
      {hasNextPage ? (
        <LoadMoreButton
          loading={isFetchingNextPage}
          onLoadMore={() => fetchNextPage({ throwOnError: true })}
          failedText={TOAST.moreProjectsFailed}
        />
      ) : null}
    </Stack>
  );
}
