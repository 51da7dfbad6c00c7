export function Component() {
  return (
    <article className="page page--narrow">
      <h1>About Roamly</h1>
      <p>This page is coming soon.</p>
    </article>
  );
}
