import { Button, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "../../../common/domain";
import { FormAlert } from "../../components/FormAlert";
import { FormField, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { NewPasswordFields } from "../auth/NewPasswordFields";
import { type ChangePasswordValues, changePasswordSchema } from "../auth/schemas";
import { useChangePassword } from "./api";
import { SettingsCard } from "./SettingsCard";

export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = submitMutation(form, change, {
    variables: ({ currentPassword, password }) => ({ currentPassword, newPassword: password }),
    onSaved: () => form.reset(),
    renamed: { newPassword: "password" },
  });

  return (
    <SettingsCard title="Change Password">
      <form method="post" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {errors.root?.server && <FormAlert status="error" title={errors.root.server.message} />}
          {change.isSuccess && <FormAlert status="success" title="Your password has been changed." />}
          {/* Lets password managers tie the new password to this account. */}
          <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
          <FormField label="Current Password" required error={errors.currentPassword?.message}>
            <TextInput
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              {...form.register("currentPassword")}
            />
          </FormField>
          <NewPasswordFields
            register={form.register}
            errors={errors}
            label="New Password"
            confirmLabel="Confirm New Password"
          />
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={change.isPending}>
            Change Password
          </Button>
        </Stack>
      </form>
    </SettingsCard>
  );
}
