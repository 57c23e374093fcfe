export { enquiryBudgetLabels, enquiryServiceLabels } from "../../common/enquiry-options";

export const contactPage = {
  seo: {
    title: "Contact Us | Lagos Studio",
    description:
      "Contact Lagos Studio in Lagos, Nigeria. Tell us about your project and we will respond within 24 hours on business days.",
  },
  heading: "Contact us",
  intro: "Tell us about your project. We respond within 24 hours on business days.",
  officeHeading: "Our office",
  hoursHeading: "Business hours",
  responseHeading: "Response time",
  emailHeading: "E-mail",
  formHeading: "Project enquiry",
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    company: "Company",
    service: "Service you need",
    budget: "Budget",
    plan: "Selected plan",
    message: "Tell us about your project",
    website: "Leave this field empty",
  },
  optional: "(optional)",
  selectPlaceholder: "Select an option",
  submit: "Send Enquiry",
  submitting: "Sending…",
  successHeading: "Thank you! Your enquiry has been sent.",
  successText: "We will get back to you within 24 hours on business days.",
  sendAnother: "Send another enquiry",
  errorHeading: "Your enquiry was not sent",
  formLoadError: "The form could not finish loading. Check your connection, then press Send again.",
};
