export function Component() {
  return (
    <article className="page page--narrow">
      <h1>Find what your city is doing tonight</h1>
      <p>This page is coming soon.</p>
    </article>
  );
}
