import { Fragment } from 'react';
import { parseEntryContent, type Inline } from '../entry-content';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, i) =>
        inline.kind === 'link' ? (
          <a key={i} href={inline.href} target="_blank" rel="noopener noreferrer">
            {inline.text}
          </a>
        ) : (
          <Fragment key={i}>{inline.text}</Fragment>
        ),
      )}
    </>
  );
}

/** An entry's text as headings, lists and paragraphs (React elements only: no HTML from the text). */
export function EntryContent({ content }: { content: string }) {
  const blocks = parseEntryContent(content);
  return (
    <div className="jrn-content">
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <h2 key={i} className="jrn-content__heading">
              <Inlines inlines={block.inlines} />
            </h2>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={i} className="jrn-content__list">
              {block.items.map((item, j) => (
                <li key={j}>
                  <Inlines inlines={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i} className="jrn-content__paragraph">
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                <Inlines inlines={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
