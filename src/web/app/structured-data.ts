/**
 * schema.org structured data (JSON-LD) of the public pages, so search engines and link previews read who an expert
 * is, what a session costs, what a workshop is and when, and whose site it is (docs/product.md "Pages people can
 * find and share"). Typed with schema-dts, the vocabulary's own TypeScript types, so a property schema.org does not
 * have on a type fails the type check. Every URL is absolute, from the server's BASE_URL.
 */
import type { Event, Offer, Organization, Person, WithContext } from 'schema-dts';
import type { ExpertProfile } from '@shared/schemas/experts';
import type { WorkshopView } from '@shared/schemas/workshops';

/** The site's name, as on every page. */
export const siteName = 'Mentora';

/** Integer cents as schema.org's price, a decimal in the currency's units ('120.00'). */
const price = (cents: number) => (cents / 100).toFixed(2);

/** The site's publisher, on the landing and about pages. */
export function organizationData(baseUrl: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${baseUrl}/#organization`,
    name: siteName,
    url: `${baseUrl}/`,
    logo: `${baseUrl}/favicon.svg`,
    description: 'Mentora connects people with industry experts for one-to-one video sessions and small-group workshops.',
  };
}

/**
 * An expert's profile: the Person, and the session they sell as an Offer of a Service at the hourly rate. The
 * rating is the Service's (AggregateRating from clients' reviews, only once there is one): schema.org gives a
 * Person no aggregateRating, a Service has one.
 */
export function expertData(expert: ExpertProfile, url: string, imageUrl: string | undefined): WithContext<Person> {
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: price(expert.hourlyRateCents),
    priceCurrency: expert.currency,
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: price(expert.hourlyRateCents),
      priceCurrency: expert.currency,
      unitCode: 'HUR',
      unitText: 'hour',
    },
    itemOffered: {
      '@type': 'Service',
      name: `One-to-one video session with ${expert.name}`,
      serviceType: 'Mentoring',
      provider: { '@id': `${url}#person` },
      ...(expert.ratingAvg !== null && expert.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: expert.ratingAvg, reviewCount: expert.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${url}#person`,
    name: expert.name,
    jobTitle: expert.role,
    description: expert.about,
    url,
    ...(imageUrl ? { image: imageUrl } : {}),
    knowsAbout: expert.expertise,
    knowsLanguage: expert.languages,
    makesOffer: offer,
  };
}

/** A workshop: an online Event with its host as performer, Mentora as organiser, and a seat as its Offer. */
export function workshopData(workshop: WorkshopView, url: string, hostUrl: string, imageUrl: string | undefined, baseUrl: string): WithContext<Event> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: workshop.title,
    description: workshop.description,
    url,
    startDate: workshop.startsAt,
    endDate: workshop.endsAt,
    eventStatus: workshop.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    ...(imageUrl ? { image: imageUrl } : {}),
    maximumAttendeeCapacity: workshop.capacity,
    remainingAttendeeCapacity: workshop.seatsLeft,
    organizer: { '@type': 'Organization', name: siteName, url: `${baseUrl}/` },
    performer: { '@type': 'Person', name: workshop.expert.name, jobTitle: workshop.expert.role, url: hostUrl },
    offers: {
      '@type': 'Offer',
      url,
      price: price(workshop.priceCents),
      priceCurrency: workshop.currency,
      availability: workshop.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
    ...(workshop.rating ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: workshop.rating.average, reviewCount: workshop.rating.count } } : {}),
  };
}
