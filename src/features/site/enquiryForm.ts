import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import { type EnquiryData, type EnquiryInput, enquiryInputSchema } from "../../../common/enquiry";
import type { EnquiryReceipt } from "../../../common/public";
import { api } from "../../lib/api";
import { applyServerError } from "../../lib/form-errors";

/**
 * The enquiry form's react-hook-form control, validated by the shared
 * zod/mini schema (the server validates with the same one). Loaded when the
 * visitor first interacts with the form (see ContactForm), so the page's
 * first load carries neither react-hook-form nor zod.
 *
 * `createFormControl` rather than `useForm`: the control arrives after the
 * form is already on screen, and registering it on the same input elements
 * keeps focus, caret and anything typed meanwhile (react-hook-form keeps a
 * field's DOM value when it differs from its default before the form is
 * ready). Validated on submit, then each field again as it changes.
 */
export function createEnquiryForm(defaultValues: EnquiryInput) {
  return createFormControl<EnquiryInput, unknown, EnquiryData>({
    resolver: zodResolver(enquiryInputSchema),
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
}

export type EnquiryForm = ReturnType<typeof createEnquiryForm>;

/**
 * Sends the enquiry. A refusal's field messages land next to their fields,
 * and the typed values stay as they are. Returns the message for the form's
 * alert when no field took it, undefined when the fields say it all, and
 * null when the enquiry was received.
 */
export async function sendEnquiry(form: EnquiryForm, data: EnquiryData): Promise<string | undefined | null> {
  try {
    await api.post<EnquiryReceipt>("/api/enquiries", data);
    return null;
  } catch (error) {
    return applyServerError(form, error);
  }
}
