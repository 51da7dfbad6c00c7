/** The ten marketing and policy routes of contract §7, each with words its page must show. */
export const publicRoutes: readonly { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Find what your city is doing tonight/ },
  { path: '/roamly', heading: /Roamly for iPhone and Android/ },
  { path: '/about', heading: /We help cities show what they are doing/ },
  { path: '/faq', heading: /Questions and answers/ },
  { path: '/privacy', heading: /Privacy Policy/ },
  { path: '/terms', heading: /Terms of Service/ },
  { path: '/child-safety', heading: /Child Safety Standards/ },
  { path: '/delete', heading: /Delete your account/ },
  { path: '/contact', heading: /Talk to a person/ },
  { path: '/issue', heading: /Report an issue/ },
];
