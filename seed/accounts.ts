import type { Role } from "../common/domain";

/**
 * The demo accounts; README lists them and `npm start` prints them. A module of their own, so what only needs
 * the accounts (the browser journeys, each importing it) does not load the seeding code and the server's data layer.
 */
export const DEMO_PASSWORD = "Demo@2026!";
export const DEMO_USERS: { key: string; email: string; fullName: string; role: Role; companyName?: string }[] = [
  { key: "admin", email: "admin@lagosstudio.test", fullName: "Adaeze Okafor", role: "admin" },
  { key: "dev1", email: "tunde@lagosstudio.test", fullName: "Tunde Bakare", role: "developer" },
  { key: "dev2", email: "ngozi@lagosstudio.test", fullName: "Ngozi Obi", role: "developer" },
  {
    key: "client1",
    email: "chinedu@ezefoods.test",
    fullName: "Chinedu Eze",
    role: "client",
    companyName: "Eze Foods Ltd",
  },
  {
    key: "client2",
    email: "amaka@bellofashion.test",
    fullName: "Amaka Bello",
    role: "client",
    companyName: "Bello Fashion House",
  },
  {
    key: "client3",
    email: "kunle@adeyemilogistics.test",
    fullName: "Kunle Adeyemi",
    role: "client",
    companyName: "Adeyemi Logistics",
  },
];
