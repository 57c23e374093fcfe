import { Button, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { NAME_MAX_LENGTH } from "../../../common/domain";
import { FormAlert } from "../../components/FormAlert";
import { FormField, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { AccountEmailField } from "./AccountEmailField";
import { useSignUp } from "./api";
import { NewPasswordFields } from "./NewPasswordFields";
import { type SignUpValues, signUpSchema } from "./schemas";

export function SignUpForm() {
  const signUp = useSignUp();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = submitMutation(form, signUp, {
    variables: ({ fullName, email, password }) => ({ fullName: fullName.trim(), email: email.trim(), password }),
    onSaved: () => form.reset(),
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Sign up">
      <Stack gap="4">
        {errors.root?.server && <FormAlert status="error" title={errors.root.server.message} />}
        {signUp.isSuccess && (
          <FormAlert status="success" title="Account created">
            Check your e-mail and open the link we sent to verify your account. You can sign in once it is verified.
          </FormAlert>
        )}
        <FormField label="Full Name" required error={errors.fullName?.message}>
          <TextInput autoComplete="name" maxLength={NAME_MAX_LENGTH} {...form.register("fullName")} />
        </FormField>
        <AccountEmailField register={form.register} errors={errors} />
        <NewPasswordFields register={form.register} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={signUp.isPending} width="full">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
