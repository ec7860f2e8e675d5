/** Member feedback and its images. Other modules import this module only through this file. */
export { feedbackRoutes } from './routes.ts';
