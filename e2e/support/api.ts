import type { Page, Profile, Project } from "../../common/api";
import { DEMO_PASSWORD } from "../../seed/accounts";

/**
 * A tiny HTTP client for what the journeys need besides the browser: demo
 * sign-ins, looking up ids, and reading the mail outbox as an administrator
 * (the running server holds the embedded database's lock, so the tests cannot
 * open it themselves).
 */
export const ADMIN_EMAIL = "admin@lagosstudio.test";

export class Api {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Signs in through the auth API and returns the session cookie header. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const cached = this.cookies.get(email);
    if (cached) return cached;
    const response = await fetch(`${this.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.baseUrl },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    this.cookies.set(email, cookie);
    return cookie;
  }

  async get<T>(path: string, asEmail: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { cookie: await this.signIn(asEmail), accept: "application/json" },
    });
    if (!response.ok) throw new Error(`GET ${path} as ${asEmail}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A write as `asEmail` (the API checks the Origin of writes); the answer's JSON, or an error naming the status. */
  async send<T>(
    method: "POST" | "PATCH" | "PUT" | "DELETE",
    path: string,
    asEmail: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: await this.signIn(asEmail), origin: this.baseUrl, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} as ${asEmail}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** An active project for the client `clientId`, made by the administrator, with nobody assigned and no dates. */
  createProject(clientId: string, title: string, description = ""): Promise<{ id: string }> {
    return this.send("POST", "/api/admin/projects", ADMIN_EMAIL, {
      title,
      description,
      clientId,
      developerIds: [],
      status: "active",
      progress: 0,
      startDate: null,
      endDate: null,
    });
  }

  /**
   * Signs a new client up from outside any browser: the verification mail's link (`latestLink`) verifies
   * the address but signs nobody in (signUpHere in ./browser.ts signs up from a page's profile).
   */
  async signUp(person: { fullName: string; email: string; password: string }): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.baseUrl },
      body: JSON.stringify(person),
    });
    if (!response.ok) throw new Error(`Sign-up of ${person.email} failed: ${response.status} ${await response.text()}`);
  }

  me(asEmail: string): Promise<Profile> {
    return this.get<Profile>("/api/me", asEmail);
  }

  async projectId(asEmail: string, title: string): Promise<string> {
    const projects = await this.get<Page<Project>>("/api/projects?limit=100", asEmail);
    const project = projects.items.find((entry) => entry.title === title);
    if (!project) throw new Error(`${asEmail} has no project titled "${title}"`);
    return project.id;
  }

  /** The newest mails sent to `to` (a page: the journeys' mails to one person are fewer), newest first. */
  async outbox(to: string): Promise<OutboxMail[]> {
    const page = await this.get<Page<OutboxMail>>(
      `/api/admin/outbox?to=${encodeURIComponent(to)}&limit=100`,
      ADMIN_EMAIL,
    );
    return page.items;
  }

  /** Waits for the newest mail to `to` that carries a link and returns the link. */
  async latestLink(to: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await this.outbox(to)).find((entry) => entry.link);
      if (mail?.link) return mail.link;
      if (Date.now() > deadline) throw new Error(`No mail with a link reached ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  headers: Record<string, string> | null;
  createdAt: string;
};
