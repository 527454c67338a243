import { useBrand, type BrandConfig } from '../brand/brand.ts';
import { brandImages } from '../brand/brand-config.ts';

/** The brand's logo, or its title in the theme colour when it has none; `brand` previews another configuration. */
export function BrandLogo({ brand: given }: { brand?: BrandConfig } = {}) {
  const { data: loaded } = useBrand();
  const brand = given ?? loaded;
  const logo = brandImages(brand).logo;
  return <div className="auth-logo">{logo ? <img src={logo} alt={brand?.title ?? 'Logo'} /> : <span className="auth-logo-text">{brand?.title ?? 'Retaguarda'}</span>}</div>;
}
