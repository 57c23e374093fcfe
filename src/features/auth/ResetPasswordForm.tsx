import { Button, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { FormAlert } from "../../components/FormAlert";
import { ApiError } from "../../lib/api";
import { submitMutation } from "../../lib/form-submit";
import { useResetPassword } from "./api";
import { BackToSignInLink } from "./BackToSignInLink";
import { NewPasswordFields } from "./NewPasswordFields";
import { type ResetPasswordValues, resetPasswordSchema } from "./schemas";

const INVALID_LINK = "This reset link is invalid or has expired. Ask for a new one.";

/** Where the reset e-mail lands: /auth?view=reset&token=… (or &error=INVALID_TOKEN for a bad link). */
export function ResetPasswordForm({ token, linkError }: { token?: string; linkError?: string }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const tokenRejected = reset.error instanceof ApiError && reset.error.code === "invalid_token";
  const linkInvalid = Boolean(linkError) || !token || tokenRejected;

  // Shown only with a token (below); without one the server would refuse it as an invalid link.
  const onSubmit = submitMutation(form, reset, {
    variables: ({ password }) => ({ newPassword: password, token: token ?? "" }),
    renamed: { newPassword: "password" },
  });

  const heading = (
    <Text as="h2" id="reset-heading" fontSize="lg" fontWeight="semibold">
      Choose a new password
    </Text>
  );
  const requestNewLink = (
    <ChakraLink asChild fontSize="sm" color="brand.fg" textDecoration="underline">
      <Link to="/auth" search={{ view: "forgot" }}>
        Request a new reset link
      </Link>
    </ChakraLink>
  );

  if (reset.isSuccess) {
    return (
      <Stack gap="4" aria-labelledby="reset-heading" role="group">
        {heading}
        <FormAlert status="success" title="Your password has been reset">
          You can now sign in with your new password.
        </FormAlert>
        <Button asChild colorPalette="brand" width="full">
          <Link to="/auth" search={{ tab: "signin" }}>
            Go to Sign In
          </Link>
        </Button>
      </Stack>
    );
  }

  if (linkInvalid) {
    return (
      <Stack gap="4" aria-labelledby="reset-heading" role="group">
        {heading}
        <FormAlert status="error" title={INVALID_LINK} />
        {requestNewLink}
      </Stack>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="reset-heading">
      <Stack gap="4">
        {heading}
        {errors.root?.server && !tokenRejected && <FormAlert status="error" title={errors.root.server.message} />}
        <NewPasswordFields register={form.register} errors={errors} label="New Password" />
        <Button type="submit" colorPalette="brand" loading={reset.isPending} width="full">
          Reset Password
        </Button>
        <BackToSignInLink />
      </Stack>
    </form>
  );
}
