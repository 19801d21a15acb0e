export { buildDemoImportFile, DEMO_CUSTOMER_IDS } from './lib/demo-data';
