// The one toaster's store, which the view renders once (ui/components/Toaster) and lib/notify fills.
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });
