import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, sql } from "drizzle-orm";
import { takePlanWritesTurn } from "../server/data/plans";
import { assignDevelopers } from "../server/data/projects";
import type { Db, Tx } from "../server/db";
import {
  accounts,
  contactEnquiries,
  invoices,
  milestones,
  plans,
  projectMessages,
  projects,
  serviceOrders,
  services,
  tasks,
  users,
} from "../server/db/schema";
import { publishChange } from "../server/functions/changes";
import { DEMO_PASSWORD, DEMO_USERS } from "./accounts";
import { nairaToKobo, PLANS, SERVICES } from "./catalogue";

export { DEMO_PASSWORD, DEMO_USERS };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Empties every table, keeping the schema. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql`
    truncate table invoice_counters, audit_log, mail_outbox, contact_enquiries, service_orders, plans, services, tasks,
      invoices, milestones, project_messages, project_developers, projects, verifications, accounts,
      sessions, users restart identity cascade`);
}

export async function seedDatabase(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const id: Record<string, string> = {};
  for (const user of DEMO_USERS) id[user.key] = randomUUID();
  const [admin, dev1, dev2, c1, c2, c3] = DEMO_USERS.map((user) => id[user.key] as string) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];

  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      DEMO_USERS.map((user, index) => ({
        id: id[user.key] as string,
        fullName: user.fullName,
        email: user.email,
        emailVerified: true,
        companyName: user.companyName ?? null,
        role: user.role,
        createdAt: ago(120 - index * 10),
      })),
    );
    await tx.insert(accounts).values(
      DEMO_USERS.map((user) => ({
        id: randomUUID(),
        accountId: id[user.key] as string,
        providerId: "credential",
        userId: id[user.key] as string,
        password: passwordHash,
      })),
    );

    const projectRows: (typeof projects.$inferInsert)[] = [
      {
        title: "Eze Foods E-commerce Store",
        description: "Online store with Paystack checkout and delivery tracking for Eze Foods' packaged goods.",
        status: "active",
        progress: 65,
        clientId: c1,
        startDate: day(-60),
        endDate: day(30),
        createdAt: ago(60),
      },
      {
        title: "Eze Foods Brand Refresh",
        description: "New logo, packaging system and brand guidelines.",
        status: "completed",
        progress: 100,
        clientId: c1,
        startDate: day(-150),
        endDate: day(-90),
        createdAt: ago(150),
      },
      {
        title: "Bello Fashion Lookbook App",
        description: "Mobile app showing seasonal collections with in-app ordering.",
        status: "active",
        progress: 35,
        clientId: c2,
        startDate: day(-30),
        endDate: day(60),
        createdAt: ago(30),
      },
      {
        title: "Bello Fashion Social Campaign",
        description: "Instagram and TikTok campaign for the Detty December collection.",
        status: "on_hold",
        progress: 20,
        clientId: c2,
        startDate: day(-45),
        endDate: day(15),
        createdAt: ago(45),
      },
      {
        title: "Adeyemi Logistics Fleet Portal",
        description: "Internal portal for dispatch, driver tracking and proof of delivery.",
        status: "active",
        progress: 80,
        clientId: c3,
        startDate: day(-90),
        endDate: day(10),
        createdAt: ago(90),
      },
      {
        title: "Adeyemi Logistics Network Upgrade",
        description: "Office network and cloud backup upgrade across two depots.",
        status: "cancelled",
        progress: 10,
        clientId: c3,
        startDate: day(-100),
        endDate: null,
        createdAt: ago(100),
      },
    ];
    const insertedProjects = await tx.insert(projects).values(projectRows).returning({ id: projects.id });
    const p = insertedProjects.map((row) => row.id) as [string, string, string, string, string, string];

    await assignDevelopers(tx, [
      { projectId: p[0], developerId: dev1 },
      { projectId: p[2], developerId: dev1 },
      { projectId: p[2], developerId: dev2 },
      { projectId: p[4], developerId: dev2 },
      { projectId: p[5], developerId: dev2 },
    ]);

    await tx.insert(milestones).values([
      {
        projectId: p[0],
        title: "Design approval",
        description: "Homepage, product and checkout designs signed off.",
        amount: nairaToKobo(450_000),
        dueDate: day(-40),
        status: "completed",
        paymentStatus: "paid",
        paidDate: ago(38),
        createdBy: admin,
      },
      {
        projectId: p[0],
        title: "Store build",
        description: "Catalogue, cart and Paystack checkout working on staging.",
        amount: nairaToKobo(600_000),
        dueDate: day(5),
        status: "pending",
        paymentStatus: "unpaid",
        createdBy: admin,
      },
      {
        projectId: p[0],
        title: "Launch",
        description: "Go live and two weeks of aftercare.",
        amount: nairaToKobo(450_000),
        dueDate: day(30),
        status: "pending",
        paymentStatus: "unpaid",
        createdBy: c1,
      },
      {
        projectId: p[1],
        title: "Final brand pack",
        description: "Logo files, guidelines and packaging templates.",
        amount: nairaToKobo(600_000),
        dueDate: day(-90),
        status: "completed",
        paymentStatus: "paid",
        paidDate: ago(88),
        createdBy: admin,
      },
      {
        projectId: p[2],
        title: "Prototype",
        description: "Clickable prototype of the lookbook and ordering flow.",
        amount: nairaToKobo(300_000),
        dueDate: day(-5),
        status: "completed",
        paymentStatus: "unpaid",
        createdBy: admin,
      },
      {
        projectId: p[2],
        title: "Beta release",
        description: "TestFlight and Play Store beta.",
        amount: nairaToKobo(700_000),
        dueDate: day(40),
        status: "pending",
        paymentStatus: "unpaid",
        createdBy: admin,
      },
      {
        projectId: p[3],
        title: "Campaign plan",
        description: "Content calendar and creator shortlist.",
        amount: nairaToKobo(150_000),
        dueDate: day(-20),
        status: "completed",
        paymentStatus: "paid",
        paidDate: ago(19),
        createdBy: admin,
      },
      {
        projectId: p[4],
        title: "Dispatch module",
        description: "Job creation, assignment and live status.",
        amount: nairaToKobo(800_000),
        dueDate: day(-30),
        status: "completed",
        paymentStatus: "paid",
        paidDate: ago(29),
        createdBy: admin,
      },
      {
        projectId: p[4],
        title: "Driver app",
        description: "Proof-of-delivery photos and signatures.",
        amount: nairaToKobo(900_000),
        dueDate: day(8),
        status: "pending",
        paymentStatus: "unpaid",
        createdBy: admin,
      },
    ]);

    const thread = (projectId: string, lines: [string, string, number][]) =>
      lines.map(([userId, message, hoursAgo]) => ({ projectId, userId, message, createdAt: ago(0, hoursAgo) }));
    await tx.insert(projectMessages).values([
      ...thread(p[0], [
        [c1, "Good morning! Can we add a pickup option for customers in Ikeja?", 50],
        [dev1, "Yes, we can add pickup as a delivery method. I'll include it in the store build milestone.", 48],
        [admin, "I've updated the scope. No change to the milestone amount.", 47],
        [c1, "Perfect, thank you both.", 46],
      ]),
      ...thread(p[2], [
        [c2, "The prototype looks lovely. Can the product photos be bigger on tablets?", 30],
        [dev2, "Done on staging. Have a look when you can.", 26],
      ]),
      ...thread(p[3], [
        [admin, "We're pausing the campaign until the new collection photos are ready.", 200],
        [c2, "Understood, the shoot is next week.", 190],
      ]),
      ...thread(p[4], [
        [c3, "Drivers asked for offline mode for areas with poor signal.", 72],
        [dev2, "We'll queue deliveries offline and sync when the signal returns.", 70],
      ]),
      ...thread(p[1], [[admin, "All brand files are in the shared folder. It was a pleasure working with you!", 2100]]),
      ...thread(p[5], [[c3, "We have decided to cancel the network upgrade for now.", 2300]]),
    ]);

    await tx.insert(invoices).values([
      {
        invoiceNumber: "INV-2026-001",
        projectId: p[1],
        clientId: c1,
        amount: nairaToKobo(600_000),
        status: "paid",
        dueDate: day(-95),
        paidDate: ago(92),
        createdAt: ago(100),
      },
      {
        invoiceNumber: "INV-2026-002",
        projectId: p[0],
        clientId: c1,
        amount: nairaToKobo(450_000),
        status: "paid",
        dueDate: day(-35),
        paidDate: ago(38),
        createdAt: ago(45),
      },
      {
        invoiceNumber: "INV-2026-003",
        projectId: p[0],
        clientId: c1,
        amount: nairaToKobo(600_000),
        status: "unpaid",
        dueDate: day(10),
        createdAt: ago(5),
      },
      {
        invoiceNumber: "INV-2026-004",
        projectId: p[2],
        clientId: c2,
        amount: nairaToKobo(300_000),
        // Unpaid past its due date: it shows as overdue (server/data/invoices.ts shownStatus).
        status: "unpaid",
        dueDate: day(-3),
        // Told when it fell overdue: a fresh start does not remind anyone of the demo's past.
        overdueToldFor: day(-3),
        createdAt: ago(20),
      },
      {
        invoiceNumber: "INV-2026-005",
        projectId: p[3],
        clientId: c2,
        amount: nairaToKobo(150_000),
        status: "paid",
        dueDate: day(-18),
        paidDate: ago(19),
        createdAt: ago(25),
      },
      {
        invoiceNumber: "INV-2026-006",
        projectId: p[4],
        clientId: c3,
        amount: nairaToKobo(800_000),
        status: "paid",
        dueDate: day(-28),
        paidDate: ago(29),
        createdAt: ago(35),
      },
      {
        invoiceNumber: "INV-2026-007",
        projectId: p[4],
        clientId: c3,
        amount: nairaToKobo(900_000),
        status: "unpaid",
        dueDate: day(14),
        createdAt: ago(2),
      },
    ]);

    await tx.insert(tasks).values([
      {
        title: "Set up Paystack webhooks",
        description: "Confirm orders when payment succeeds.",
        status: "in_progress",
        priority: "high",
        assignedTo: dev1,
        projectId: p[0],
        dueDate: day(3),
        createdBy: admin,
      },
      {
        title: "Add Ikeja pickup option",
        description: "New delivery method requested by the client.",
        status: "todo",
        priority: "medium",
        assignedTo: dev1,
        projectId: p[0],
        dueDate: day(7),
        createdBy: admin,
      },
      {
        title: "Tablet image sizes",
        description: "Larger product photos on tablets.",
        status: "review",
        priority: "low",
        assignedTo: dev2,
        projectId: p[2],
        dueDate: day(2),
        createdBy: admin,
      },
      {
        title: "Offline delivery queue",
        description: "Queue proof of delivery when offline and sync later.",
        status: "in_progress",
        priority: "urgent",
        assignedTo: dev2,
        projectId: p[4],
        dueDate: day(4),
        createdBy: admin,
      },
      {
        title: "Brand pack handover",
        description: "Send final files and close the project.",
        status: "completed",
        priority: "medium",
        assignedTo: dev1,
        projectId: p[1],
        dueDate: day(-90),
        createdBy: admin,
      },
      {
        title: "Chase campaign photos",
        description: "Get the new collection photos from Bello Fashion for the campaign.",
        status: "todo",
        priority: "high",
        // Only staff are ever assigned a task (server/routes/admin-tasks.ts); the client follows it on My Tasks.
        assignedTo: admin,
        projectId: p[3],
        dueDate: day(6),
        createdBy: admin,
      },
      {
        title: "Quarterly planning",
        description: "Plan next quarter's capacity.",
        status: "todo",
        priority: "low",
        assignedTo: null,
        projectId: null,
        dueDate: null,
        createdBy: admin,
      },
    ]);

    const insertedServices = await insertCatalogueServices(tx, (index) => ago(180, index));
    const s = insertedServices as [(typeof insertedServices)[number], ...typeof insertedServices];
    const service = (index: number) => s[index] ?? s[0];

    await tx.insert(serviceOrders).values([
      {
        serviceId: service(1).id,
        clientId: c1,
        totalAmount: service(1).price,
        notes: "Monthly social media for the store launch.",
        status: "approved",
        createdAt: ago(40),
        // Decided a day after it was made: Subscriptions shows it active since then.
        updatedAt: ago(39),
      },
      {
        serviceId: service(3).id,
        clientId: c3,
        totalAmount: service(3).price,
        notes: "Cloud backup for the Apapa depot.",
        status: "pending",
        createdAt: ago(3),
        updatedAt: ago(3),
      },
      {
        serviceId: service(2).id,
        clientId: c2,
        totalAmount: service(2).price,
        notes: "Sub-brand for the menswear line.",
        status: "pending",
        createdAt: ago(1),
        updatedAt: ago(1),
      },
      {
        serviceId: service(0).id,
        clientId: c2,
        totalAmount: service(0).price,
        notes: "Website revamp (decided to wait).",
        status: "cancelled",
        createdAt: ago(70),
        updatedAt: ago(68),
      },
    ]);

    // What the contact form has brought in lately: the admin's Enquiries page and dashboard have rows to show.
    await tx.insert(contactEnquiries).values([
      {
        firstName: "Funmi",
        lastName: "Adebayo",
        email: "funmi@adebayobakery.test",
        company: "Adebayo Bakery",
        service: "web-app-development",
        budget: "25k-50k",
        message:
          "We bake for about forty shops in Surulere and Yaba. We would like customers to order online for next-day delivery. Could we talk about a small ordering site?",
        createdAt: ago(0, 5),
      },
      {
        firstName: "Ibrahim",
        lastName: "Musa",
        email: "ibrahim@musapharmacy.test",
        company: "Musa Pharmacy",
        service: "digital-marketing",
        budget: "10k-25k",
        message: "We are opening a second branch in Lekki in January and need people nearby to know about it.",
        createdAt: ago(2, 3),
      },
      {
        firstName: "Grace",
        lastName: "Okon",
        email: "grace.okon@example.test",
        service: "consultation",
        budget: "discuss",
        message: "I run a small logistics start-up and would like advice on which parts of our work to automate first.",
        status: "contacted",
        createdAt: ago(9),
      },
    ]);

    await insertCataloguePlans(tx);
  });
}

/**
 * The catalogue's four services (seed/catalogue.ts), active, `createdAt(index)` the first newest: the lists
 * show services newest first, so in the public site's order. Open lists are told of each.
 */
async function insertCatalogueServices(tx: Tx, createdAt: (index: number) => Date) {
  const inserted = await tx
    .insert(services)
    .values(
      SERVICES.map((service, index) => ({
        createdAt: createdAt(index),
        slug: service.slug,
        title: service.title,
        description: service.description,
        price: nairaToKobo(service.priceNaira),
        estimatedDuration: service.estimatedDuration,
        features: service.features,
        allowMilestones: service.allowMilestones,
        status: "active" as const,
      })),
    )
    .returning({ id: services.id, price: services.price });
  for (const { id } of inserted) await publishChange(tx, { topic: "services", op: "insert", id });
  return inserted;
}

/** The six plans of spec §9, monthly, in the catalogue's order; every server renders /plans again. */
async function insertCataloguePlans(tx: Tx) {
  await tx.insert(plans).values(
    PLANS.map((plan, index) => ({
      slug: plan.slug,
      category: plan.category,
      name: plan.name,
      price: nairaToKobo(plan.priceNaira),
      period: "month",
      description: plan.description,
      features: plan.features,
      isPopular: plan.isPopular ?? false,
      badge: plan.badge ?? null,
      sortOrder: index,
    })),
  );
  // Every server process renders its public plan pages again (server/http/plan-pages.ts).
  await publishChange(tx, { topic: "plans", op: "insert", id: "catalogue" });
}

/**
 * The published catalogue on a database that has none (a production database starts empty: the demo
 * seed never runs there): the spec's plans where there are no plans, its services where there are no
 * services. Each is all or nothing, so a catalogue an administrator has started is left as it is.
 */
export async function publishCatalogue(db: Db): Promise<{ plans: number; services: number }> {
  return db.transaction(async (tx) => {
    // In turn with the plan writes (a plan created meanwhile would take a slug) and with another publish,
    // which then finds the tables filled.
    await takePlanWritesTurn(tx);
    const [planCount] = await tx.select({ n: count() }).from(plans);
    const [serviceCount] = await tx.select({ n: count() }).from(services);
    const published = { plans: 0, services: 0 };
    if (planCount?.n === 0) {
      await insertCataloguePlans(tx);
      published.plans = PLANS.length;
    }
    if (serviceCount?.n === 0) {
      const now = Date.now();
      published.services = (await insertCatalogueServices(tx, (index) => new Date(now - index * 1_000))).length;
    }
    return published;
  });
}
