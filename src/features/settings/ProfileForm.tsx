import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Profile } from "../../../common/api";
import { NAME_MAX_LENGTH, ROLE_LABELS } from "../../../common/domain";
import { companyNameSchema, fullNameSchema } from "../../../common/schemas";
import { FormField, TextInput } from "../../components/FormField";
import { toaster } from "../../components/Toaster";
import { applyServerError } from "../../lib/form-errors";
import { registerWithValue } from "../../lib/form-fields";
import { TOAST } from "../../lib/messages";
import { useUpdateProfile } from "./api";

const profileFormSchema = z.object({ fullName: fullNameSchema, companyName: companyNameSchema });
type ProfileFormValues = z.input<typeof profileFormSchema>;

export function ProfileForm({ me }: { me: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { fullName: me.fullName, companyName: me.companyName ?? "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { fullName: values.fullName, companyName: values.companyName || null },
      {
        onSuccess: (profile) => {
          form.reset({ fullName: profile.fullName, companyName: profile.companyName ?? "" });
          toaster.create({ type: "success", title: TOAST.profileUpdated });
        },
        // Spec §8: the toast; a field the server refused also shows its reason under the field.
        onError: (error) => {
          applyServerError(form.setError, error, { fullName: "fullName", companyName: "companyName" });
          toaster.create({ type: "error", title: TOAST.error, description: TOAST.profileFailed });
        },
      },
    );
  });

  return (
    <Card.Root as="section" aria-labelledby="profile-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="profile-heading">
          Profile
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormField label="Full Name" required error={errors.fullName?.message}>
              <TextInput autoComplete="name" maxLength={NAME_MAX_LENGTH} {...registerWithValue(form, "fullName")} />
            </FormField>
            <FormField label="Company Name" error={errors.companyName?.message}>
              <TextInput
                autoComplete="organization"
                maxLength={NAME_MAX_LENGTH}
                {...registerWithValue(form, "companyName")}
              />
            </FormField>
            <FormField label="Email" disabled helperText="Your e-mail address cannot be changed here.">
              <TextInput type="email" value={me.email} readOnly />
            </FormField>
            <FormField label="Account Type" disabled>
              <TextInput value={ROLE_LABELS[me.role]} readOnly />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={update.isPending}>
              Save Changes
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
