import { Button, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Profile } from "../../../common/api";
import { NAME_MAX_LENGTH, ROLE_LABELS } from "../../../common/domain";
import { NO_USER_LOGGED_IN } from "../../../common/messages";
import { companyNameSchema, fullNameSchema } from "../../../common/schemas";
import { FormField, TextInput } from "../../components/FormField";
import { toaster } from "../../components/Toaster";
import { ApiError } from "../../lib/api";
import { changedFields } from "../../lib/changed-fields";
import { applyServerError } from "../../lib/form-errors";
import { registerWithValue } from "../../lib/form-fields";
import { TOAST } from "../../lib/messages";
import { meQuery } from "../../lib/session";
import { failure, toastFailure } from "../../lib/toasts";
import { useUpdateProfile } from "./api";
import { SettingsCard } from "./SettingsCard";

const SIGN_IN_AGAIN = "Sign in again";

const profileFormSchema = z.object({ fullName: fullNameSchema, companyName: companyNameSchema });
type ProfileFormValues = z.input<typeof profileFormSchema>;
/** The form's values for a profile as saved (no company is an empty field). */
const formValuesOf = (profile: Profile): ProfileFormValues => ({
  fullName: profile.fullName,
  companyName: profile.companyName ?? "",
});

export function ProfileForm({ me }: { me: Profile }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(me),
  });
  const { errors, isDirty } = form.formState;
  /** The profile as the form last showed it: a save sends only the fields changed from it (spec §4). */
  const shown = useRef(formValuesOf(me));
  const show = (profile: ProfileFormValues) => {
    shown.current = profile;
    form.reset(profile);
  };
  // Changed elsewhere while open (another tab, an administrator; the live channel's "profile"): an
  // untouched form shows the new values, one being edited keeps what is typed, and its save leaves
  // the fields it did not change as they now are.
  const edited = useRef(isDirty);
  edited.current = isDirty;
  useEffect(() => {
    if (edited.current) return;
    shown.current = { fullName: me.fullName, companyName: me.companyName ?? "" };
    form.reset(shown.current);
  }, [form, me.fullName, me.companyName]);
  // The signed-out toast stays until acted on, so it goes with the page: left in the queue, it would
  // show again in the next session's portal.
  const signedOutToast = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      if (signedOutToast.current) toaster.dismiss(signedOutToast.current);
    },
    [],
  );

  const onSubmit = form.handleSubmit((values) => {
    const { fullName, companyName } = changedFields(shown.current, values);
    if (fullName === undefined && companyName === undefined) {
      // Nothing differs from what is saved: it is saved.
      // Shown as it is saved now, which may be what someone else changed while it was being edited.
      show(formValuesOf(me));
      toaster.create({ type: "success", title: TOAST.profileUpdated });
      return;
    }
    update.mutate(
      {
        ...(fullName !== undefined && { fullName }),
        ...(companyName !== undefined && { companyName: companyName || null }),
      },
      {
        onSuccess: (profile) => {
          show(formValuesOf(profile));
          toaster.create({ type: "success", title: TOAST.profileUpdated });
        },
        // Spec §8: the toast; a field the server refused also shows its reason under the field. With
        // nobody signed in any more (the session ended while the page was open), trying again cannot
        // help: spec §5's text, which stays until closed, and a way to sign in again. The typed values
        // stay until the person takes it (the session checked again sends the portal to sign-in, and back).
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            signedOutToast.current = toaster.create({
              type: "error",
              ...failure(NO_USER_LOGGED_IN),
              duration: Number.POSITIVE_INFINITY,
              closable: true,
              action: {
                label: SIGN_IN_AGAIN,
                onClick: () => void queryClient.refetchQueries({ queryKey: meQuery.queryKey }),
              },
            });
            return;
          }
          applyServerError(form, error);
          toastFailure(TOAST.profileFailed);
        },
      },
    );
  });

  return (
    <SettingsCard title="Profile">
      <form method="post" onSubmit={onSubmit} noValidate>
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
    </SettingsCard>
  );
}
