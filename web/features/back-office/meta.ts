import { pageMeta } from "../../lib/meta";

/** A back-office page's head: its title, and never indexed. */
export function backOfficeMeta(titleKey: string) {
  return (args: Parameters<typeof pageMeta>[0]) => [
    ...pageMeta(args, { titleKey }),
    { name: "robots", content: "noindex" },
  ];
}
