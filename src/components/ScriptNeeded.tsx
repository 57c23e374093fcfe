import { Text, type TextProps } from "@chakra-ui/react";
import { SCRIPT_NEEDED, type ScriptNeed } from "../content/script-needed";
import { company } from "../content/shared";

/**
 * What a form's page says where the app never starts (JavaScript turned off): its submit only posts
 * to the page, which sends the visitor back to it (server/app.ts), so the page says why, and what
 * else to do. Written as `<noscript>{import.meta.env.SSR && <ScriptNeeded need="…" />}</noscript>`:
 * the note is in the server's HTML only. A browser that runs the app never shows a noscript's
 * content and React does not compare it when hydrating, so the code visitors load leaves this out
 * (~0.2 KB gzip on /contact, whose room under the public bar is under 1 KB).
 */
export function ScriptNeeded({ need, mb }: { need: ScriptNeed; mb?: TextProps["mb"] }) {
  return (
    <Text
      borderWidth="1px"
      borderColor="orange.600"
      bg="orange.50"
      color="gray.900"
      rounded="md"
      p="3"
      mb={mb}
      css={{ "& a": { textDecoration: "underline", fontWeight: "semibold" } }}
    >
      {SCRIPT_NEEDED[need]}
      {need === "contact" && (
        <>
          {" "}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
        </>
      )}
    </Text>
  );
}
