import { Badge, Button, Card, HStack, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { LuBriefcase, LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import type { Service } from "../../../common/api";
import { countOf } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyList } from "../../components/EmptyList";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failure, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import { useAdminServices, useDeleteService } from "./api";
import { ServiceDialog } from "./ServiceDialog";

export const DELETE_SERVICE_QUESTION = "Are you sure you want to delete this service?";
export const DELETE_SERVICE_NOTE =
  "A service that has been ordered is deactivated instead: its orders are kept and clients no longer see it.";
const FEATURES_SHOWN = 3;

/** The page's main action (in its header, and in the empty grid): the dialog that creates a service. */
export function AddServiceButton() {
  return (
    <ServiceDialog
      trigger={
        <Button colorPalette="brand" size="sm">
          <LuPlus aria-hidden="true" />
          Add Service
        </Button>
      }
    />
  );
}

/** Admin › Services (issue #7 item 8): every service as a card, created, edited and deleted here. */
export function ServicesPage() {
  const services = useAdminServices();
  const items = services.data?.pages.flatMap((page) => page.items) ?? [];
  const total = services.data?.pages[0]?.total ?? 0;

  // A page after the first that cannot be read is LoadMoreButton's to tell.
  useLoadFailedToast(services.isError && !services.isFetchNextPageError, TOAST.servicesFailed);

  return (
    <Stack gap="4">
      <Text color="fg.muted" aria-live="polite">
        {services.data ? countOf(total, "service") : ""}
      </Text>
      {services.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-busy="true">
          <VisuallyHidden role="status">Loading services</VisuallyHidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="56" borderRadius="lg" aria-hidden="true" />
          ))}
        </SimpleGrid>
      ) : services.isError && items.length === 0 ? (
        <LoadFailed message={TOAST.servicesFailed} onRetry={() => services.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList
          icon={LuBriefcase}
          title="No services yet"
          description="Add the first service clients can order."
          action={<AddServiceButton />}
          headingLevel="h2"
        />
      ) : (
        <>
          <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" aria-label="Services">
            {items.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </SimpleGrid>
          {services.hasNextPage && (
            <LoadMoreButton
              loading={services.isFetchingNextPage}
              onLoadMore={() => services.fetchNextPage({ throwOnError: true })}
              failedText={TOAST.moreServicesFailed}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const remove = useDeleteService();
  const shown = service.features.slice(0, FEATURES_SHOWN);
  const more = service.features.length - shown.length;
  const active = service.status === "active";
  return (
    <Card.Root as="li" height="full" aria-label={service.title}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            {service.title}
          </Text>
          <Badge colorPalette={active ? "brand" : "gray"} variant={active ? "solid" : "subtle"} flexShrink="0">
            {active ? "Active" : "Inactive"}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontWeight="semibold">{formatAmount(service.priceMinor)}</Text>
          {service.description && (
            <Text color="fg.muted" lineClamp={3}>
              {service.description}
            </Text>
          )}
          {service.estimatedDuration && <Text fontSize="sm">Estimated duration: {service.estimatedDuration}</Text>}
          {shown.length > 0 && (
            <Stack as="ul" gap="1" fontSize="sm" ps="5" listStyleType="disc">
              {shown.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
              {more > 0 && (
                <Text as="li" color="fg.muted" listStyleType="none">
                  +{more} more
                </Text>
              )}
            </Stack>
          )}
          {service.allowMilestones && (
            <Text fontSize="sm" color="fg.muted">
              Milestones allowed
            </Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <HStack gap="2">
          <ServiceDialog
            service={service}
            trigger={
              <Button size="sm" variant="outline">
                <LuPencil aria-hidden="true" />
                Edit
                <VisuallyHidden>{` ${service.title}`}</VisuallyHidden>
              </Button>
            }
          />
          <ConfirmDialog
            question={DELETE_SERVICE_QUESTION}
            description={`${service.title}. ${DELETE_SERVICE_NOTE}`}
            confirmLabel="Delete"
            onConfirm={() =>
              toastOutcome(remove.mutateAsync(service.id), {
                saved: (result) => ({
                  title: result.outcome === "deleted" ? TOAST.serviceDeleted : TOAST.serviceDeactivated,
                }),
                failed: failure(TOAST.serviceDeleteFailed),
              })
            }
            trigger={
              <Button size="sm" variant="outline" colorPalette="red">
                <LuTrash2 aria-hidden="true" />
                Delete
                <VisuallyHidden>{` ${service.title}`}</VisuallyHidden>
              </Button>
            }
          />
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
