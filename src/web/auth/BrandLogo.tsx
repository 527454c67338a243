import { useBrand } from '../brand/brand.ts';
import { brandImages } from '../brand/brand-config.ts';

/** The brand's logo, or its title in the theme colour when it has none. */
export function BrandLogo() {
  const { data: brand } = useBrand();
  const logo = brandImages(brand).logo;
  return <div className="auth-logo">{logo ? <img src={logo} alt={brand?.title ?? 'Logo'} /> : <span className="auth-logo-text">{brand?.title ?? 'Retaguarda'}</span>}</div>;
}
