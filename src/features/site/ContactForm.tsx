import {
  Alert,
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { LuCircleCheck, LuSend } from "react-icons/lu";
import { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "../../../common/domain";
import type { EnquiryData, EnquiryInput } from "../../../common/enquiry";
import type { EnquiryReceipt } from "../../../common/public";
import { contactPage, enquiryBudgetLabels, enquiryServiceLabels } from "../../content/site";
import { ApiError, api } from "../../lib/api";
import { usePlans } from "./plans";

const copy = contactPage;
type FieldName = keyof EnquiryInput;
type FieldErrors = Partial<Record<FieldName, string>>;
type SendState = { status: "idle" | "pending" | "success" } | { status: "error"; message: string };

/** The form's fields in page order: the first one with an error gets focus after a failed submit. */
const FIELDS: readonly FieldName[] = [
  "firstName",
  "lastName",
  "email",
  "company",
  "service",
  "budget",
  "plan",
  "message",
  "website",
];
const isField = (name: unknown): name is FieldName => FIELDS.includes(name as FieldName);

/**
 * The shared enquiry schema (zod core, ~13 KB gzip) is fetched when the
 * visitor first focuses the form, not with the page: most visits never
 * send an enquiry. Submitting awaits it if it is not there yet.
 */
const loadSchema = () => import("../../../common/enquiry").then((module) => module.enquiryInputSchema);

type Validation = { ok: true; data: EnquiryData } | { ok: false; errors: FieldErrors };

async function validate(values: Record<string, string>): Promise<Validation> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isField(field) || errors[field]) continue;
    // A value outside a <select>'s options fails both union branches; the closest branch says why.
    const closest =
      issue.code === "invalid_union"
        ? issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best))[0]
        : undefined;
    errors[field] = closest?.message ?? issue.message;
  }
  return { ok: false, errors };
}

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * The project enquiry form: validated here and again on the server with the
 * same schema. Uncontrolled fields, so what was typed survives any failure.
 * Like a typical form library: validated on submit, then each field again
 * as it changes.
 */
export function ContactForm({ plan }: { plan?: string }) {
  const { plans } = usePlans();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [send, setSend] = useState<SendState>({ status: "idle" });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (send.status === "pending") return;
    setSubmitted(true);
    const result = await validate(formValues(form));
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELDS.find((name) => result.errors[name]);
      const element = first ? form.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setErrors({});
    setSend({ status: "pending" });
    try {
      await api.post<EnquiryReceipt>("/api/enquiries", result.data);
      setSend({ status: "success" });
    } catch (error) {
      // Field messages from the server land next to their fields; the typed values stay as they are.
      if (error instanceof ApiError) {
        const serverErrors: FieldErrors = {};
        for (const [field, message] of Object.entries(error.fields)) if (isField(field)) serverErrors[field] = message;
        setErrors(serverErrors);
      }
      setSend({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  // After the first submit, a field's message follows its value as the visitor corrects it.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!submitted || !isField(name) || !formRef.current) return;
    const result = await validate(formValues(formRef.current));
    const message = result.ok ? undefined : result.errors[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  // The prerendered page has no plan field; show it only after hydration so both renders match.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const successRef = useRef<HTMLDivElement>(null);
  const sent = send.status === "success";
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <Stack
        ref={successRef}
        tabIndex={-1}
        role="status"
        gap="4"
        align="center"
        textAlign="center"
        py="10"
        outline="none"
      >
        <Box color="brand.600" fontSize="5xl">
          <LuCircleCheck aria-hidden="true" />
        </Box>
        <Heading as="h3" size="xl" color="brand.900">
          {copy.successHeading}
        </Heading>
        <Text color="gray.700">{copy.successText}</Text>
        <Button
          variant="outline"
          colorPalette="brand"
          onClick={() => {
            // The form mounts afresh, empty.
            setSubmitted(false);
            setErrors({});
            setSend({ status: "idle" });
          }}
        >
          {copy.sendAnother}
        </Button>
      </Stack>
    );
  }

  const selectedPlan = plans.find((item) => item.slug === plan);
  const fieldError = (name: FieldName) => errors[name];

  return (
    <chakra.form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => void loadSchema()}
      aria-labelledby="enquiry-heading"
    >
      <Stack gap="5">
        {send.status === "error" && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{copy.errorHeading}</Alert.Title>
              <Alert.Description>{send.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root invalid={!!errors.firstName} required>
            <Field.Label>
              {copy.fields.firstName}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="given-name" name="firstName" defaultValue="" />
            <Field.ErrorText>{fieldError("firstName")}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.lastName} required>
            <Field.Label>
              {copy.fields.lastName}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="family-name" name="lastName" defaultValue="" />
            <Field.ErrorText>{fieldError("lastName")}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>
              {copy.fields.email}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" name="email" defaultValue="" />
            <Field.ErrorText>{fieldError("email")}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.company}>
            <Field.Label>
              {copy.fields.company} <OptionalMark />
            </Field.Label>
            <Input autoComplete="organization" name="company" defaultValue="" />
            <Field.ErrorText>{fieldError("company")}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root invalid={!!errors.service}>
            <Field.Label>
              {copy.fields.service} <OptionalMark />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="service" defaultValue="">
                <option value="">{copy.selectPlaceholder}</option>
                {ENQUIRY_SERVICES.map((value) => (
                  <option key={value} value={value}>
                    {enquiryServiceLabels[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{fieldError("service")}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.budget}>
            <Field.Label>
              {copy.fields.budget} <OptionalMark />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="budget" defaultValue="">
                <option value="">{copy.selectPlaceholder}</option>
                {ENQUIRY_BUDGETS.map((value) => (
                  <option key={value} value={value}>
                    {enquiryBudgetLabels[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{fieldError("budget")}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        {plan && hydrated && (
          <Field.Root invalid={!!errors.plan}>
            <Field.Label>
              {copy.fields.plan} <OptionalMark />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="plan" defaultValue={plan}>
                <option value="">{copy.selectPlaceholder}</option>
                {!selectedPlan && <option value={plan}>{plan}</option>}
                {plans.map((item) => (
                  <option key={item.slug} value={item.slug}>
                    {item.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{fieldError("plan")}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root invalid={!!errors.message} required>
          <Field.Label>
            {copy.fields.message}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={6} name="message" defaultValue="" />
          <Field.ErrorText>{fieldError("message")}</Field.ErrorText>
        </Field.Root>
        {/* Honeypot: hidden from people and assistive technology; a bot that fills it gets a polite no-op. */}
        <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
          <label htmlFor="enquiry-website">{copy.fields.website}</label>
          <input id="enquiry-website" type="text" tabIndex={-1} autoComplete="off" name="website" defaultValue="" />
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={send.status === "pending"}
          loadingText={copy.submitting}
          alignSelf="flex-start"
        >
          <LuSend aria-hidden="true" />
          {copy.submit}
        </Button>
      </Stack>
    </chakra.form>
  );
}

function OptionalMark() {
  return (
    <Text as="span" color="gray.600" fontWeight="normal">
      {copy.optional}
    </Text>
  );
}
