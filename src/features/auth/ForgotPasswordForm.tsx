import { Button, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormAlert } from "../../components/FormAlert";
import { submitMutation } from "../../lib/form-submit";
import { AccountEmailField } from "./AccountEmailField";
import { useRequestPasswordReset } from "./api";
import { BackToSignInLink } from "./BackToSignInLink";
import { type ForgotPasswordValues, forgotPasswordSchema } from "./schemas";

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;

  const onSubmit = submitMutation(form, request, { variables: ({ email }) => email.trim() });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="forgot-heading">
      <Stack gap="4">
        <Text as="h2" id="forgot-heading" fontSize="lg" fontWeight="semibold">
          Reset your password
        </Text>
        <Text color="fg.muted">Enter your account e-mail and we will send you a link to choose a new password.</Text>
        {errors.root?.server && <FormAlert status="error" title={errors.root.server.message} />}
        {request.isSuccess && (
          <FormAlert status="success" title="If an account exists, we sent a reset link">
            Check your inbox for an e-mail with a link to reset your password.
          </FormAlert>
        )}
        <AccountEmailField register={form.register} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={request.isPending} width="full">
          Send Reset Link
        </Button>
        <BackToSignInLink />
      </Stack>
    </form>
  );
}
