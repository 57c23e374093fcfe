import { chakra } from "@chakra-ui/react";

/** Hidden until focused; lets keyboard users jump past the navigation to `targetId`. */
export function SkipLink({ targetId, children = "Skip to main content" }: { targetId: string; children?: string }) {
  return (
    <chakra.a
      href={`#${targetId}`}
      srOnly
      _focusVisible={{
        srOnly: false,
        position: "fixed",
        top: "3",
        insetStart: "3",
        zIndex: "skipNav",
        bg: "bg",
        color: "brand.fg",
        px: "4",
        py: "2",
        borderRadius: "md",
        boxShadow: "lg",
        fontWeight: "semibold",
      }}
    >
      {children}
    </chakra.a>
  );
}
