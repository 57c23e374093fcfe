import { Button, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormAlert } from "../../components/FormAlert";
import { submitMutation } from "../../lib/form-submit";
import { AccountEmailField } from "./AccountEmailField";
import { useResendVerification } from "./api";
import { BackToSignInLink } from "./BackToSignInLink";
import { VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID } from "./messages";
import { type ForgotPasswordValues, forgotPasswordSchema } from "./schemas";

/**
 * Where a verification link that failed lands (/auth?view=verify&error=CODE,
 * set by the auth bridge): what went wrong, and a new link by e-mail.
 */
export function VerifyLinkFailed({ linkError }: { linkError?: string }) {
  const resend = useResendVerification();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const expired = linkError?.toUpperCase() === "TOKEN_EXPIRED";

  const onSubmit = submitMutation(form, resend, { variables: ({ email }) => email.trim() });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="verify-heading">
      <Stack gap="4">
        <Text as="h2" id="verify-heading" fontSize="lg" fontWeight="semibold">
          Verify your e-mail
        </Text>
        <FormAlert status="error" title={expired ? VERIFY_LINK_EXPIRED : VERIFY_LINK_INVALID}>
          Enter your account e-mail and we will send you a new link. If you have already verified it, sign in.
        </FormAlert>
        {errors.root?.server && <FormAlert status="error" title={errors.root.server.message} />}
        {resend.isSuccess && (
          <FormAlert status="success" title="If the account needs it, we sent a new link">
            Check your inbox and open the link to verify your account, then sign in.
          </FormAlert>
        )}
        <AccountEmailField register={form.register} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={resend.isPending} disabled={resend.isSuccess} width="full">
          Send a New Link
        </Button>
        <BackToSignInLink />
      </Stack>
    </form>
  );
}
