import { useState, type ReactNode } from "react";
import { Anchor, Text, type AnchorProps } from "@mantine/core";

/** The spec's message when a View Details navigation fails (001 §8). */
export const NAVIGATE_FAILED = "Failed to navigate";

/**
 * A link that opens its page in a new tab (the spec's View Details). The browser may refuse the new tab (a pop-up
 * blocker, a kiosk profile): then the link says "Failed to navigate" instead of doing nothing, and a second tap
 * follows the ordinary link in this tab.
 */
export function NewTabLink({ href, children, "aria-label": label, ...rest }: AnchorProps & { href: string; children: ReactNode; "aria-label"?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Anchor
        {...rest}
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={label}
        onClick={(e) => {
          if (failed || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          let opened: Window | null = null;
          try {
            opened = window.open(href, "_blank");
          } catch {
            opened = null;
          }
          if (opened) opened.opener = null;
          else setFailed(true);
        }}
      >
        {children}
      </Anchor>
      {failed && (
        <Text component="span" size="xs" c="red.8" role="alert" ml={4}>
          {NAVIGATE_FAILED}
        </Text>
      )}
    </>
  );
}
