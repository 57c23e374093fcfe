import type { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "../../common/domain";

export const enquiryServiceLabels: Record<(typeof ENQUIRY_SERVICES)[number], string> = {
  "web-app-development": "Web & App Development",
  "digital-marketing": "Digital Marketing",
  "brand-strategy": "Brand Strategy",
  "it-solutions": "IT Solutions",
  multiple: "Multiple services",
  consultation: "Consultation only",
};

export const enquiryBudgetLabels: Record<(typeof ENQUIRY_BUDGETS)[number], string> = {
  "under-10k": "Under ₦10,000",
  "10k-25k": "₦10,000 – ₦25,000",
  "25k-50k": "₦25,000 – ₦50,000",
  "50k-100k": "₦50,000 – ₦100,000",
  "over-100k": "Over ₦100,000",
  discuss: "Let's discuss",
};

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
};
