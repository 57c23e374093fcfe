import { Box, Button, chakra, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import {
  type ComponentType,
  type FormEvent,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { FieldErrors } from "react-hook-form";
import type { EnquiryData, EnquiryInput } from "../../../common/enquiry";
import {
  EMAIL_MAX_LENGTH,
  ENQUIRY_BUDGETS,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_SERVICES,
  NAME_MAX_LENGTH,
} from "../../../common/enquiry-options";
import { FormField, SelectInput, TextArea, TextInput } from "../../components/FormField";
import { LazyFormAlert, preloadFormAlert } from "../../components/LazyFormAlert";
import { ScriptNeeded } from "../../components/ScriptNeeded";
import { contactPage, enquiryBudgetLabels, enquiryServiceLabels } from "../../content/contact";
import type { EnquiryForm } from "./enquiryForm";
import { CircleCheckIcon, SendIcon } from "./icons/ui";
import type { PlanFieldProps } from "./PlanField";

const copy = contactPage;
type FieldName = keyof EnquiryInput;
type SendState = { status: "idle" | "pending" | "success" } | { status: "error"; message: string };

/**
 * react-hook-form, its zod resolver and the shared schema (~25 KB gzip
 * together) load on the visitor's first interaction with the form (focus,
 * pointer or key), not with the page: most visits never send an enquiry.
 */
const loadEnquiryForm = () => import("./enquiryForm");

// The plan field is optional: if its chunk cannot load, the form goes on without it.
const PlanField = lazy<ComponentType<PlanFieldProps>>(() =>
  import("./PlanField").catch(() => ({ default: () => null })),
);

/**
 * The project enquiry form: react-hook-form + zod, validated here and again
 * on the server with the same schema. It is prerendered and hydrated as
 * plain uncontrolled fields; on first interaction the form control loads and
 * registers on those same elements, so nothing moves, focus and caret stay
 * put and nothing typed in the meantime is lost (a submit made before it
 * arrives waits for it). Values survive failed submits.
 */
export function ContactForm({ plan }: { plan?: string }) {
  const [form, setForm] = useState<EnquiryForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors<EnquiryInput>>({});
  const [send, setSend] = useState<SendState>({ status: "idle" });
  const loading = useRef(false);
  const submitWhenReady = useRef(false);

  const enhance = () => {
    if (loading.current) return;
    loading.current = true;
    // The error alert too, so a failed submit can show it at once.
    preloadFormAlert().catch(() => {});
    loadEnquiryForm().then(
      ({ createEnquiryForm }) =>
        setForm(
          createEnquiryForm({
            firstName: "",
            lastName: "",
            email: "",
            company: "",
            service: "",
            budget: "",
            plan: plan ?? "",
            message: "",
            website: "",
          }),
        ),
      () => {
        // Offline or a failed deploy: let the next interaction try again. A queued submit is
        // dropped with a word to the visitor, so a later load does not send the form while
        // they are still editing.
        loading.current = false;
        if (submitWhenReady.current) setSend({ status: "error", message: copy.formLoadError });
        submitWhenReady.current = false;
      },
    );
  };

  const submit = async (data: EnquiryData) => {
    if (!form) return;
    setSend({ status: "pending" });
    // Loaded already: a submit only runs once the form control has arrived.
    const { sendEnquiry } = await loadEnquiryForm();
    const failure = await sendEnquiry(form, data);
    if (failure === null) setSend({ status: "success" });
    // Field messages sit under their fields (the first takes focus); the alert is for the rest.
    else setSend(failure === undefined ? { status: "idle" } : { status: "error", message: failure });
  };

  // Errors live in the form control; mirror them into state so the fields re-render. A layout
  // effect, declared before the one below, so a queued submit's errors are never missed.
  useLayoutEffect(() => {
    if (!form) return;
    return form.subscribe({
      formState: { errors: true },
      callback: (state) => {
        if (state.errors) setErrors({ ...state.errors });
      },
    });
  }, [form]);

  // A submit made before the control arrived runs once its fields are registered (after this commit).
  const submitHandler = form?.handleSubmit(submit);
  useLayoutEffect(() => {
    if (!submitHandler || !submitWhenReady.current) return;
    submitWhenReady.current = false;
    void submitHandler();
  }, [submitHandler]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (send.status === "pending") {
      event.preventDefault();
      return;
    }
    if (submitHandler) return void submitHandler(event);
    event.preventDefault();
    submitWhenReady.current = true;
    enhance();
  };

  // The prerendered page has no plan field; show it only after hydration so both renders match.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const successRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // "Send another enquiry" removes itself: focus goes to the fresh form's first field.
  const another = useRef(false);
  const sent = send.status === "success";
  useEffect(() => {
    if (sent) successRef.current?.focus();
    else if (another.current) {
      another.current = false;
      formRef.current?.querySelector("input")?.focus();
    }
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
          <CircleCheckIcon aria-hidden="true" />
        </Box>
        <Heading as="h3" size="xl" color="brand.900">
          {copy.successHeading}
        </Heading>
        <Text color="gray.700">{copy.successText}</Text>
        <Button
          variant="outline"
          colorPalette="brand"
          onClick={() => {
            // The form mounts afresh, empty, and loads a fresh control on first interaction.
            loading.current = false;
            another.current = true;
            setForm(null);
            setErrors({});
            setSend({ status: "idle" });
          }}
        >
          {copy.sendAnother}
        </Button>
      </Stack>
    );
  }

  const fieldError = (name: FieldName) => errors[name]?.message;
  /** Plain uncontrolled props until the control arrives, then react-hook-form's; `defaultValue` stays so React leaves the DOM value alone. */
  const field = (name: FieldName, defaultValue = "") =>
    form ? { ...form.register(name), defaultValue } : { name, defaultValue };

  return (
    <chakra.form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={enhance}
      onPointerDown={enhance}
      onKeyDown={enhance}
      aria-labelledby="enquiry-heading"
    >
      <Stack gap="5">
        <noscript>{import.meta.env.SSR && <ScriptNeeded need="contact" />}</noscript>
        {send.status === "error" && (
          <LazyFormAlert status="error" title={copy.errorHeading}>
            {send.message}
          </LazyFormAlert>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <FormField label={copy.fields.firstName} required error={fieldError("firstName")}>
            <TextInput autoComplete="given-name" maxLength={ENQUIRY_NAME_MAX_LENGTH} {...field("firstName")} />
          </FormField>
          <FormField label={copy.fields.lastName} required error={fieldError("lastName")}>
            <TextInput autoComplete="family-name" maxLength={ENQUIRY_NAME_MAX_LENGTH} {...field("lastName")} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <FormField label={copy.fields.email} required error={fieldError("email")}>
            <TextInput type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} {...field("email")} />
          </FormField>
          <FormField label={<OptionalLabel text={copy.fields.company} />} error={fieldError("company")}>
            <TextInput autoComplete="organization" maxLength={NAME_MAX_LENGTH} {...field("company")} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <FormField label={<OptionalLabel text={copy.fields.service} />} error={fieldError("service")}>
            <SelectInput {...field("service")}>
              <Choices values={ENQUIRY_SERVICES} labels={enquiryServiceLabels} />
            </SelectInput>
          </FormField>
          <FormField label={<OptionalLabel text={copy.fields.budget} />} error={fieldError("budget")}>
            <SelectInput {...field("budget")}>
              <Choices values={ENQUIRY_BUDGETS} labels={enquiryBudgetLabels} />
            </SelectInput>
          </FormField>
        </SimpleGrid>
        {plan && hydrated && (
          // Holds the field's height (label and select, 66 px) while its chunk arrives, so what is below stays put.
          <Suspense fallback={<Box h="4.125rem" />}>
            <PlanField
              plan={plan}
              label={<OptionalLabel text={copy.fields.plan} />}
              placeholder={copy.selectPlaceholder}
              error={fieldError("plan")}
              control={field("plan", plan)}
            />
          </Suspense>
        )}
        <FormField label={copy.fields.message} required error={fieldError("message")}>
          <TextArea rows={6} maxLength={ENQUIRY_MESSAGE_MAX_LENGTH} {...field("message")} />
        </FormField>
        {/* Honeypot: hidden from people and assistive technology; a bot that fills it gets a polite no-op. */}
        <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
          <label htmlFor="enquiry-website">{copy.fields.website}</label>
          <input id="enquiry-website" type="text" tabIndex={-1} autoComplete="off" {...field("website")} />
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={send.status === "pending"}
          loadingText={copy.submitting}
          alignSelf="flex-start"
        >
          <SendIcon aria-hidden="true" />
          {copy.submit}
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** A select's options: "Select an option" (nothing chosen), then each value by its label. */
function Choices<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return (
    <>
      <option value="">{copy.selectPlaceholder}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}

/** A label for a field the visitor may leave empty: "Company (optional)". */
function OptionalLabel({ text }: { text: string }) {
  return (
    <>
      {text}{" "}
      <Text as="span" color="gray.600" fontWeight="normal">
        {copy.optional}
      </Text>
    </>
  );
}
