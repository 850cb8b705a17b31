export { readSetting, standing, writeSetting } from './admin.repository';
export * as adminRepository from './admin.repository';
export { AdminService } from './admin.service';
export { registerAppConfigRoute } from './app-config.routes';
export { type Branding } from './branding';
export { brandingStylesheetHref, registerBrandingCss } from './branding-css';
export { BrandingService } from './branding.service';
export { InstanceAdmins } from './instance-admins';
