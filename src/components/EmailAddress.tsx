import { Fragment } from "react";

/**
 * An e-mail address that a narrow column breaks after its "@" or before a dot of its domain
 * (`<wbr>`, which copies as nothing), rather than mid-word, as `overflow-wrap: anywhere` would.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email
        .slice(at + 1)
        .split(".")
        .map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a domain's labels are its own order
          <Fragment key={index}>
            {index > 0 && (
              <>
                <wbr />.
              </>
            )}
            {part}
          </Fragment>
        ))}
    </>
  );
}
