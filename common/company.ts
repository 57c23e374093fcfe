/**
 * The company's own facts (name, office, contact, hours): shown by the public
 * pages (re-exported from src/content/shared.ts) and printed on invoice PDFs
 * by the server, so both say the same.
 */
export const company = {
  name: "Lagos Studio",
  tagline: "Marketing and software services for growing Nigerian businesses",
  email: "hello@lagos-studio.test",
  office: {
    street: "12 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    region: "Lagos State",
    country: "Nigeria",
    countryCode: "NG",
  },
  responseTime: "We respond within 24 hours on business days.",
  hours: [
    {
      days: "Monday – Friday",
      time: "9:00 AM – 6:00 PM",
      opens: "09:00",
      closes: "18:00",
      schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    },
    { days: "Saturday", time: "10:00 AM – 2:00 PM", opens: "10:00", closes: "14:00", schemaDays: ["Saturday"] },
    { days: "Sunday", time: "Closed", opens: null, closes: null, schemaDays: [] },
  ],
  consultationMessage:
    "Hello Lagos Studio! I would like to book a free consultation about my project. Please let me know when you are available.",
} as const;
