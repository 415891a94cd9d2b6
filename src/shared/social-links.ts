/**
 * Mentora's own social media accounts, linked from the site's footer (docs/product.md "Pages people can find and
 * share"): set by SOCIAL_LINKS, a comma-separated list of https addresses on the networks below; with none set the
 * footer shows no social links (a link to a network's home page is no account of Mentora's).
 */

/** The networks a link may point to, by host (with or without www.). */
export const socialNetworks = { 'facebook.com': 'Facebook', 'instagram.com': 'Instagram', 'linkedin.com': 'LinkedIn', 'youtube.com': 'YouTube' } as const;
export type SocialNetwork = (typeof socialNetworks)[keyof typeof socialNetworks];
export type SocialLink = { network: SocialNetwork; url: string };

/**
 * The links of a SOCIAL_LINKS value ('' or absent: none), in the order given. Throws Error with the reason when an
 * address is not https, is on another network, or is a network's home page rather than an account.
 */
export function parseSocialLinks(value: string | undefined): SocialLink[] {
  const links = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return links.map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${raw} is not an address`);
    }
    const network = (socialNetworks as Record<string, SocialNetwork>)[url.hostname.replace(/^www\./, '')];
    if (url.protocol !== 'https:' || !network) throw new Error(`${raw} must be an https address on ${Object.keys(socialNetworks).join(', ')}`);
    if (url.pathname.replace(/\/+$/, '') === '') throw new Error(`${raw} is the network's home page, not an account`);
    return { network, url: url.href };
  });
}
