/** A language's demo content: content id → text ({brand} in help articles is the brand's name). */
export type ContentTable = Readonly<Record<string, string>>;
