import { Button, Link as ChakraLink, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "../../../common/domain";
import { FormAlert } from "../../components/FormAlert";
import { FormField, TextInput } from "../../components/FormField";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/form-errors";
import { submitMutation } from "../../lib/form-submit";
import { AccountEmailField } from "./AccountEmailField";
import { useResendVerification, useSignIn } from "./api";
import { type SignInValues, signInSchema } from "./schemas";

export function SignInForm({ returnTo }: { returnTo?: string | undefined }) {
  const navigate = useNavigate();
  const router = useRouter();
  const signIn = useSignIn();
  const resend = useResendVerification();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const submit = submitMutation(form, signIn, {
    // A path with its query (common/return-path.ts), which `navigate` types only as a route and a search.
    onSaved: () => (returnTo ? router.history.push(returnTo) : void navigate({ to: "/portal" })),
  });
  // A new attempt clears what the last one's resent link said.
  const onSubmit: typeof submit = (event) => {
    resend.reset();
    return submit(event);
  };

  const notVerified = signIn.error instanceof ApiError && signIn.error.code === "email_not_verified";

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="4">
        {errors.root?.server && (
          <FormAlert status="error" title={errors.root.server.message}>
            {notVerified && (
              <Stack gap="2" align="start" mt="2">
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="brand"
                  loading={resend.isPending}
                  disabled={resend.isSuccess}
                  onClick={() => resend.mutate(form.getValues("email").trim())}
                >
                  Resend verification e-mail
                </Button>
              </Stack>
            )}
          </FormAlert>
        )}
        {resend.isSuccess && (
          <FormAlert status="success" title="Verification e-mail sent">
            Check your inbox and open the link to verify your account, then sign in.
          </FormAlert>
        )}
        {resend.isError && <FormAlert status="error" title={errorMessage(resend.error)} />}

        <AccountEmailField register={form.register} errors={errors} />
        <FormField label="Password" required error={errors.password?.message}>
          <TextInput
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.register("password")}
          />
        </FormField>
        <ChakraLink asChild alignSelf="end" fontSize="sm" color="brand.fg" textDecoration="underline">
          <Link to="/auth" search={{ view: "forgot", redirect: returnTo }}>
            Forgot password?
          </Link>
        </ChakraLink>
        <Button type="submit" colorPalette="brand" loading={signIn.isPending} width="full">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
