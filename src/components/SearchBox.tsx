import { HStack, VisuallyHidden } from "@chakra-ui/react";
import { type Ref, useEffect, useId, useRef, useState } from "react";
import { LuSearch } from "react-icons/lu";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../common/admin-table";
import { TextInput } from "./FormField";

/** How long typing pauses before a search is sent: one request for a word, not one a letter. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search text, sent to the URL once typing pauses. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  inputRef,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
  /** For a Clear search elsewhere on the page, which hands the focus back to the box. */
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const [text, setText] = useState(value);
  const id = useId();
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The URL changed elsewhere (back button, a link): show its search.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    // No gap: the label is visually hidden, and a gap beside it pushed the box off the buttons' edge on a phone.
    <HStack as="search" gap="0" position="relative" width={{ base: "full", md: "auto" }}>
      <label htmlFor={id}>
        <VisuallyHidden>{label}</VisuallyHidden>
      </label>
      <LuSearch aria-hidden="true" style={{ position: "absolute", left: "0.6rem", pointerEvents: "none" }} />
      <TextInput
        ref={inputRef}
        id={id}
        type="search"
        ps="8"
        height="9"
        width={{ base: "full", md: "64" }}
        placeholder={placeholder}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </HStack>
  );
}
