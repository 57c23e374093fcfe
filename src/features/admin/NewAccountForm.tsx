import { Button, Card, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { LuArrowLeft } from "react-icons/lu";
import type { z } from "zod";
import { NAME_MAX_LENGTH } from "../../../common/domain";
import { EMAIL_MAX_LENGTH } from "../../../common/enquiry-options";
import { formatDate } from "../../../common/format";
import { INVITATION_DAYS, newClientSchema } from "../../../common/people";
import { FormAlert } from "../../components/FormAlert";
import { FormField, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { enquiryDetailQueryOptions } from "./enquiries-api";
import { useCreateClient, useCreateDeveloper } from "./people-api";

type Values = z.input<typeof newClientSchema>;
const EMPTY: Values = { fullName: "", email: "", companyName: "" };

/**
 * Admin › Clients/Developers › New (issue #7): full name, e-mail (and company
 * for a client). The server makes the account with its role and e-mails an
 * invitation whose link lets the person choose a password; then this page
 * opens the new person's page.
 */
export function NewAccountForm({
  kind,
  fromEnquiry,
}: {
  kind: "client" | "developer";
  /** An enquiry's id (Enquiries' Invite as client): its sender fills the fields nobody has typed in yet. */
  fromEnquiry?: string | undefined;
}) {
  const navigate = useNavigate();
  const createClient = useCreateClient();
  const createDeveloper = useCreateDeveloper();
  const pending = createClient.isPending || createDeveloper.isPending;
  const form = useForm<Values, unknown, z.output<typeof newClientSchema>>({
    resolver: zodResolver(newClientSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const enquiry = useQuery({ ...enquiryDetailQueryOptions(fromEnquiry ?? ""), enabled: !!fromEnquiry });
  const sender = enquiry.data;
  useEffect(() => {
    if (!sender) return;
    const filled = {
      fullName: `${sender.firstName} ${sender.lastName}`,
      email: sender.email,
      companyName: sender.company ?? "",
    };
    for (const [field, value] of Object.entries(filled) as [keyof Values, string][])
      if (!form.getValues(field)) form.setValue(field, value);
  }, [sender, form]);

  const saved = { title: TOAST.accountInvited };
  const onSubmit =
    kind === "client"
      ? submitMutation(form, createClient, {
          variables: (values) => ({ ...values, companyName: values.companyName || undefined }),
          saved,
          onSaved: (created) =>
            void navigate({ to: "/portal/admin/clients/$clientId", params: { clientId: created.id } }),
        })
      : submitMutation(form, createDeveloper, {
          variables: ({ fullName, email }) => ({ fullName, email }),
          saved,
          onSaved: (created) =>
            void navigate({ to: "/portal/admin/developers/$developerId", params: { developerId: created.id } }),
        });

  const list = kind === "client" ? "/portal/admin/clients" : "/portal/admin/developers";
  return (
    <Stack gap="4" maxW="xl">
      <Link asChild variant="underline" fontSize="sm" alignSelf="start">
        <RouterLink to={list}>
          <LuArrowLeft aria-hidden="true" />
          {kind === "client" ? "All clients" : "All developers"}
        </RouterLink>
      </Link>
      <Card.Root as="section" aria-labelledby="new-account-heading">
        <Card.Header>
          <Text as="h2" id="new-account-heading" fontWeight="semibold" fontSize="lg">
            {kind === "client" ? "Client details" : "Developer details"}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            They receive an e-mail with a link to choose their password, valid for {INVITATION_DAYS} days.
          </Text>
          {sender && (
            <Text fontSize="sm" role="status">
              Filled in from the enquiry {sender.firstName} {sender.lastName} sent on {formatDate(sender.createdAt)}.
            </Text>
          )}
          {enquiry.isError && (
            <Text fontSize="sm" color="fg.error" role="status">
              The enquiry could not be loaded: fill in the fields yourself.
            </Text>
          )}
        </Card.Header>
        <Card.Body>
          <form method="post" onSubmit={onSubmit} noValidate>
            <Stack gap="4">
              {errors.root?.server?.message && <FormAlert status="error" title={errors.root.server.message} />}
              <FormField label="Full name" required error={errors.fullName?.message}>
                <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("fullName")} />
              </FormField>
              <FormField label="E-mail" required error={errors.email?.message}>
                <TextInput type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} {...form.register("email")} />
              </FormField>
              {kind === "client" && (
                <FormField label="Company" error={errors.companyName?.message}>
                  <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("companyName")} />
                </FormField>
              )}
              <HStack>
                <Button type="submit" colorPalette="brand" loading={pending}>
                  {kind === "client" ? "Create client" : "Create developer"}
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
