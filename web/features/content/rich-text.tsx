import type { Block, Inline } from "../../../core/rich-text";

/**
 * Renders sanitised rich-text blocks (core/rich-text.ts) as React elements: text is always
 * text, links only the allow-listed targets; no HTML string is ever injected.
 */
export function RichText({ blocks, headingLevel = 2 }: { blocks: Block[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <div className="rich-text">
      {blocks.map((block, i) => {
        switch (block.type) {
          case "heading":
            return <Heading key={i}>{block.text}</Heading>;
          case "quote":
            return <blockquote key={i}>{block.text}</blockquote>;
          case "paragraph":
            return (
              <p key={i}>
                <Inlines items={block.children} />
              </p>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines items={item} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((item, i) => {
        if (item.type === "link") {
          const external = !item.href.startsWith("/");
          return (
            <a
              key={i}
              href={item.href}
              {...(external ? { rel: "noopener noreferrer nofollow" } : {})}
            >
              {item.text}
            </a>
          );
        }
        return item.bold ? <strong key={i}>{item.text}</strong> : <span key={i}>{item.text}</span>;
      })}
    </>
  );
}
