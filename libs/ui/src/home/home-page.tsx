import { PlainLink, type LinkComponent, FEATURES } from '../primitives';

export interface HomePageProps {
  LinkComponent?: LinkComponent;
}

/** Welcome heading, the Start Recording button (to /record) and the four feature cards. */
export function HomePage({ LinkComponent = PlainLink }: HomePageProps) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <section className="hero bg-base-200 rounded-box py-10">
        <div className="hero-content flex-col text-center">
          <h1 className="text-4xl font-bold">Welcome to Stream</h1>
          <p className="max-w-xl opacity-80">
            Record your screen and microphone. Its link is ready the moment you stop, and you choose who can watch.
          </p>
          <LinkComponent to="/record" className="btn btn-primary btn-lg">
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              <circle cx="12" cy="12" r="7" fill="currentColor" />
            </svg>
            Start Recording
          </LinkComponent>
        </div>
      </section>
      <section aria-label="Features" className="grid gap-4 sm:grid-cols-2">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card bg-base-100 border-base-300 border shadow-sm">
            <div className="card-body">
              <h2 className="card-title">{feature.title}</h2>
              <p className="opacity-80">{feature.text}</p>
            </div>
          </article>
        ))}
      </section>
    </div>
  );
}
