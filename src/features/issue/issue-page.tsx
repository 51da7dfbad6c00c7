export function Component() {
  return (
    <article className="page page--narrow">
      <h1>Report an issue</h1>
      <p>This page is coming soon.</p>
    </article>
  );
}
