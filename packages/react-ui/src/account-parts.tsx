import { useState } from "react";
import { useAccountText } from "./account-messages.js";
import { PagerButton } from "./form-parts.js";

/**
 * Copies `text` to the clipboard; says whether it worked (a page without clipboard permission gets a
 * sentence telling the user to copy by hand, never a raw exception).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const at = useAccountText();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="gh-button gh-button-inline"
        data-variant="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setSaid(at("copied"));
          } catch {
            setSaid(at("copyFailed"));
          }
        }}
      >
        {label}
      </button>
      {/* Always present, so the result is announced when it fills. */}
      <span role="status" className="gh-small">
        {said ?? ""}
      </span>
    </>
  );
}

/** A list's footer: "Show more" while the server has more pages. */
export function ShowMore(props: { shown: boolean; busy: boolean; onMore: () => void }) {
  const at = useAccountText();
  return <PagerButton {...props} label={at("showMore")} />;
}

/** A date for lists, in the reader's locale. */
export function shortDate(value: string | Date | null | undefined): string {
  return value ? new Date(value).toLocaleDateString() : "";
}
