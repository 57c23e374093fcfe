import { Button, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormAlert } from "../../components/FormAlert";
import { FormField, TextInput } from "../../components/FormField";
import { applyFieldErrors, errorMessage, useSignUp } from "./api";
import { NewPasswordFields } from "./NewPasswordFields";
import { type SignUpValues, signUpSchema } from "./schemas";

export function SignUpForm() {
  const signUp = useSignUp();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ fullName, email, password }) => {
    signUp.mutate(
      { fullName: fullName.trim(), email: email.trim(), password },
      {
        onSuccess: () => form.reset(),
        onError: (error) =>
          applyFieldErrors(error, form.setError, { fullName: "fullName", email: "email", password: "password" }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      <Stack gap="4">
        {signUp.isError && <FormAlert status="error" title={errorMessage(signUp.error)} />}
        {signUp.isSuccess && (
          <FormAlert status="success" title="Account created">
            Check your e-mail and open the link we sent to verify your account. You can sign in once it is verified.
          </FormAlert>
        )}
        <FormField label="Full Name" required error={errors.fullName?.message}>
          <TextInput autoComplete="name" {...form.register("fullName")} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <TextInput type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </FormField>
        <NewPasswordFields register={form.register} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={signUp.isPending} width="full">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
