export { accountDeletionRoutes } from './account-deletion.routes';
export {
  deleteFarmerAccount,
  farmerFilesRemoval,
  removeFarmerFiles,
} from './farmer-deletion.workflow';
